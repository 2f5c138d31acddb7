import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

export class AccountIdParamDto {
  @ApiProperty({ format: 'uuid', description: "The enrollment's (or receipt's) id" })
  @IsUUID('all', { message: 'id must be a UUID' })
  id!: string;
}
