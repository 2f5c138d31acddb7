import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { UpdateCardPlan, UpdateCardRequest, UpdateCardResponse } from '@app/contracts';
import { cardUpdateFieldError, MAX_UPDATE_CARD_TOKEN_LENGTH } from '@app/domain';
import { IsOptional } from 'class-validator';
import { FormRule } from '../../common/form-rule.decorator';

export class UpdateCardTokenQueryDto {
  @ApiProperty({
    maxLength: MAX_UPDATE_CARD_TOKEN_LENGTH,
    description: 'The signed token of the update-card link in the declined-installment mail',
  })
  @FormRule((value) => cardUpdateFieldError('token', value))
  token!: string;
}

/** The update-card form, each property checked by its schema in libs/domain (`card-update-form.ts`). */
export class UpdateCardDto implements UpdateCardRequest {
  @ApiProperty({ maxLength: MAX_UPDATE_CARD_TOKEN_LENGTH, description: 'The signed token of the update-card link' })
  @FormRule((value) => cardUpdateFieldError('token', value))
  token!: string;

  @ApiPropertyOptional({ description: 'Test mode only: the card number typed in the form' })
  @IsOptional()
  @FormRule((value) => cardUpdateFieldError('cardNumber', value))
  cardNumber?: string;

  @ApiPropertyOptional({ description: 'Test mode only: expiry as typed (not checked)' })
  @IsOptional()
  @FormRule((value) => cardUpdateFieldError('expiry', value))
  expiry?: string;

  @ApiPropertyOptional({ description: 'Test mode only: CVC as typed (not checked)' })
  @IsOptional()
  @FormRule((value) => cardUpdateFieldError('cvc', value))
  cvc?: string;

  @ApiPropertyOptional({ description: 'Stripe: the SetupIntent the card element confirmed in the browser' })
  @IsOptional()
  @FormRule((value) => cardUpdateFieldError('setupIntentId', value))
  setupIntentId?: string;
}

export class UpdateCardPlanDto implements UpdateCardPlan {
  @ApiProperty({ type: [String] }) trainings!: string[];
  @ApiProperty() installmentsTotal!: number;
  @ApiProperty() installmentsPaid!: number;
  @ApiProperty({ description: 'Integer cents of one installment' }) installmentAmount!: number;
  @ApiProperty({ enum: ['active', 'completed', 'past_due'] }) planStatus!: UpdateCardPlan['planStatus'];
  @ApiProperty({ description: 'Integer cents charged at once to the new card; 0 when nothing is past due' })
  amountDue!: number;
  @ApiProperty() testMode!: boolean;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Stripe: the SetupIntent client secret for the card element',
  })
  setupClientSecret!: string | null;
  @ApiProperty({ nullable: true, type: String }) publishableKey!: string | null;
}

export class UpdateCardResponseDto implements UpdateCardResponse {
  @ApiProperty({ enum: ['active', 'completed', 'past_due'] }) planStatus!: UpdateCardResponse['planStatus'];
  @ApiProperty() installmentsPaid!: number;
  @ApiProperty() installmentsTotal!: number;
  @ApiProperty({ nullable: true, type: String, description: 'Why the card or the charge was refused' }) message!:
    string | null;
}
