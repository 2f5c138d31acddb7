import { ApiProperty } from '@nestjs/swagger';
import type { UpdateTrainingSettingsRequest } from '@app/contracts';
import { IsNumber } from 'class-validator';

export class UpdateTrainingSettingsDto implements UpdateTrainingSettingsRequest {
  @ApiProperty({ example: 40, description: 'More than 0, at most 2000, in steps of half an hour' })
  @IsNumber()
  contactHours!: number;
}
