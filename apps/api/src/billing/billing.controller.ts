import { ROUTES, type RouteResponse } from '@app/contracts';
import { ApiRoute } from '../common/api-route.decorator';
import { Body, Controller, HttpCode, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
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
@Controller()
export class BillingController {
  constructor(private readonly billing: BillingService) {}

  @ApiRoute(ROUTES.updateCardPlan)
  @ApiOkResponse({ type: UpdateCardPlanDto })
  @ApiForbiddenResponse({ description: 'The token is forged, expired, or not for a payment plan' })
  plan(@Query() query: UpdateCardTokenQueryDto): Promise<RouteResponse<typeof ROUTES.updateCardPlan>> {
    return this.billing.plan(query.token);
  }

  @ApiRoute(ROUTES.updateCard)
  @HttpCode(200)
  @ApiOkResponse({ type: UpdateCardResponseDto, description: 'message is set when the card or the charge was refused' })
  @ApiBadRequestResponse({ description: "No card number (test mode), or a SetupIntent that is not this plan's" })
  @ApiForbiddenResponse({ description: 'The token is forged, expired, or not for a payment plan' })
  @ApiConflictResponse({ description: 'The installment is being charged by another request' })
  update(@Body() body: UpdateCardDto): Promise<RouteResponse<typeof ROUTES.updateCard>> {
    return this.billing.updateCard(body);
  }
}
