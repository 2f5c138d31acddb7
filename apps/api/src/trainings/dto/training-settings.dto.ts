import { ApiProperty } from '@nestjs/swagger';
import type { UpdateTrainingSettingsRequest } from '@app/contracts';
import { MAX_CONTACT_HOURS, trainingSettingsFieldError } from '@app/domain';
import { FormRule } from '../../common/form-rule.decorator';

/** The panel's training settings row, by its rule in libs/domain (training-settings-form.ts). */
export class UpdateTrainingSettingsDto implements UpdateTrainingSettingsRequest {
  @ApiProperty({
    example: 40,
    minimum: 0,
    exclusiveMinimum: true,
    maximum: MAX_CONTACT_HOURS,
    multipleOf: 0.5,
    description: 'More than 0, at most 2000, in steps of half an hour',
  })
  @FormRule((value) => trainingSettingsFieldError('contactHours', value))
  contactHours!: number;
}
