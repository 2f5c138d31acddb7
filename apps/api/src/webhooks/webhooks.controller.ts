import { ROUTES, type RouteResponse } from '@app/contracts';
import { Body, HttpCode, HttpStatus, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse } from '@nestjs/swagger';
import type { AuthenticatedAdmin } from '../admin/admin-auth.types';
import { AdminController, CurrentAdmin } from '../admin/admin-only.decorator';
import { ApiRoute } from '../common/api-route.decorator';
import {
  CreateWebhookEndpointDto,
  UpdateWebhookEndpointDto,
  WebhookDeliveryQueryDto,
  WebhookIdParamDto,
} from './dto/webhook.dto';
import { WebhooksService } from './webhooks.service';

@AdminController()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @ApiRoute(ROUTES.adminWebhookEndpoints)
  @ApiOkResponse({ description: 'The endpoints' })
  list(): Promise<RouteResponse<typeof ROUTES.adminWebhookEndpoints>> {
    return this.webhooks.list();
  }

  @ApiRoute(ROUTES.adminCreateWebhookEndpoint)
  @ApiCreatedResponse({ description: 'The endpoint and its signing secret (whsec_…), shown this once' })
  @ApiBadRequestResponse({ description: 'A URL that is not https or not public, or no known event' })
  create(
    @Body() body: CreateWebhookEndpointDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.adminCreateWebhookEndpoint>> {
    return this.webhooks.create(body, admin);
  }

  @ApiRoute(ROUTES.adminUpdateWebhookEndpoint)
  @ApiOkResponse({ description: 'The endpoint' })
  @ApiNotFoundResponse({ description: 'No such endpoint' })
  update(
    @Param() params: WebhookIdParamDto,
    @Body() body: UpdateWebhookEndpointDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.adminUpdateWebhookEndpoint>> {
    return this.webhooks.setActive(params.id, body.active, admin);
  }

  @ApiRoute(ROUTES.adminWebhookDeliveries)
  @ApiOkResponse({ description: 'A page of the delivery log' })
  @ApiNotFoundResponse({ description: 'No such endpoint' })
  deliveries(
    @Param() params: WebhookIdParamDto,
    @Query() query: WebhookDeliveryQueryDto,
  ): Promise<RouteResponse<typeof ROUTES.adminWebhookDeliveries>> {
    return this.webhooks.deliveries(params.id, query.page);
  }

  @ApiRoute(ROUTES.adminResendWebhookDelivery)
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'The delivery, pending again' })
  @ApiNotFoundResponse({ description: 'No such delivery' })
  resend(
    @Param() params: WebhookIdParamDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.adminResendWebhookDelivery>> {
    return this.webhooks.resend(params.id, admin);
  }
}
