import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { UpdateCardPlan, UpdateCardRequest, UpdateCardResponse } from '@app/contracts';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export class UpdateCardTokenQueryDto {
  @ApiProperty({ description: 'The signed token of the update-card link in the declined-installment mail' })
  @IsString()
  @IsNotEmpty({ message: 'token is required' })
  @MaxLength(2000)
  token!: string;
}

export class UpdateCardDto implements UpdateCardRequest {
  @ApiProperty({ description: 'The signed token of the update-card link' })
  @IsString()
  @IsNotEmpty({ message: 'token is required' })
  @MaxLength(2000)
  token!: string;

  @ApiPropertyOptional({ description: 'Test mode only: the card number typed in the form' })
  @IsOptional()
  @IsString()
  @MaxLength(30)
  cardNumber?: string;

  @ApiPropertyOptional({ description: 'Test mode only: expiry as typed (not checked)' })
  @IsOptional()
  @IsString()
  @MaxLength(10)
  expiry?: string;

  @ApiPropertyOptional({ description: 'Test mode only: CVC as typed (not checked)' })
  @IsOptional()
  @IsString()
  @MaxLength(4)
  cvc?: string;

  @ApiPropertyOptional({ description: 'Stripe: the SetupIntent the card element confirmed in the browser' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
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
