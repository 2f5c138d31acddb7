import { ROUTES, type RouteResponse } from '@app/contracts';
import { Body, HttpCode, HttpStatus, Param } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse } from '@nestjs/swagger';
import { ApiRoute } from '../common/api-route.decorator';
import type { AuthenticatedAdmin } from './admin-auth.types';
import { AdminController, CurrentAdmin } from './admin-only.decorator';
import { ApiKeysService } from './api-keys.service';
import { ApiKeyIdParamDto, ApiKeyResponseDto, CreateApiKeyDto, CreatedApiKeyResponseDto } from './dto/api-key.dto';

/** The panel's API keys: list, create (the key shown once), revoke. No API key reaches these (ROUTE_SCOPES). */
@AdminController()
export class ApiKeysController {
  constructor(private readonly apiKeys: ApiKeysService) {}

  @ApiRoute(ROUTES.adminApiKeys)
  @ApiOkResponse({ type: [ApiKeyResponseDto] })
  list(): Promise<RouteResponse<typeof ROUTES.adminApiKeys>> {
    return this.apiKeys.list();
  }

  @ApiRoute(ROUTES.adminCreateApiKey)
  @ApiCreatedResponse({ type: CreatedApiKeyResponseDto })
  @ApiBadRequestResponse({ description: 'No name, no or an unknown scope, an expiry that is not a future date' })
  create(
    @Body() body: CreateApiKeyDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.adminCreateApiKey>> {
    return this.apiKeys.create(body, admin);
  }

  @ApiRoute(ROUTES.adminRevokeApiKey)
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: ApiKeyResponseDto })
  @ApiNotFoundResponse({ description: 'No such API key' })
  revoke(
    @Param() params: ApiKeyIdParamDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.adminRevokeApiKey>> {
    return this.apiKeys.revoke(params.id, admin);
  }
}
