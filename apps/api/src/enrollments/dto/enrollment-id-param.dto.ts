import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

export class EnrollmentIdParamDto {
  @ApiProperty({ format: 'uuid', description: 'The enrollment id' })
  @IsUUID('all', { message: 'id must be a UUID' })
  id!: string;
}
