import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

export class CohortIdParamDto {
  @ApiProperty({ format: 'uuid', description: 'The cohort id' })
  @IsUUID('all', { message: 'id must be a UUID' })
  id!: string;
}
