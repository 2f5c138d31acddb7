import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { BillingService } from './billing.service';
import {
  UpdateCardDto,
  UpdateCardPlanDto,
  UpdateCardResponseDto,
  UpdateCardTokenQueryDto,
} from './dto/update-card.dto';

@ApiTags('billing')
@Controller('billing')
export class BillingController {
  constructor(private readonly billing: BillingService) {}

  @Get('update-card')
  @ApiOperation({ summary: 'The plan an update-card link is for (with Stripe, a SetupIntent for the card element)' })
  @ApiOkResponse({ type: UpdateCardPlanDto })
  @ApiForbiddenResponse({ description: 'The token is forged, expired, or not for a payment plan' })
  plan(@Query() query: UpdateCardTokenQueryDto): Promise<UpdateCardPlanDto> {
    return this.billing.plan(query.token);
  }

  @Post('update-card')
  @HttpCode(200)
  @ApiOperation({ summary: 'Saves a new card for the plan and charges its declined installment at once' })
  @ApiOkResponse({ type: UpdateCardResponseDto, description: 'message is set when the card or the charge was refused' })
  @ApiBadRequestResponse({ description: "No card number (test mode), or a SetupIntent that is not this plan's" })
  @ApiForbiddenResponse({ description: 'The token is forged, expired, or not for a payment plan' })
  @ApiConflictResponse({ description: 'The installment is being charged by another request' })
  update(@Body() body: UpdateCardDto): Promise<UpdateCardResponseDto> {
    return this.billing.updateCard(body);
  }
}
