import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

export class ReceiptIdParamDto {
  @ApiProperty({ format: 'uuid', description: "The receipt's (or, for the list, the enrollment's) id" })
  @IsUUID('all', { message: 'id must be a UUID' })
  id!: string;
}
