import { Body, HttpCode, HttpStatus, Param } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
} from '@nestjs/swagger';
import { ROUTES, type RouteResponse } from '@app/contracts';
import type { AuthenticatedAdmin } from '../admin/admin-auth.types';
import { AdminController, CurrentAdmin } from '../admin/admin-only.decorator';
import { ApiRoute } from '../common/api-route.decorator';
import { PromotionCodeDto, PromotionCodeIdParamDto, SavePromotionCodeDto } from './dto/promotion-code.dto';
import { PromotionsService } from './promotions.service';

@AdminController()
export class AdminPromotionsController {
  constructor(private readonly promotions: PromotionsService) {}

  @ApiRoute(ROUTES.adminPromotionCodes)
  @ApiOkResponse({ type: [PromotionCodeDto] })
  list(): Promise<RouteResponse<typeof ROUTES.adminPromotionCodes>> {
    return this.promotions.list();
  }

  @ApiRoute(ROUTES.adminCreatePromotionCode)
  @ApiCreatedResponse({ type: PromotionCodeDto })
  @ApiBadRequestResponse({ description: 'A field is invalid (fieldErrors says which); nothing was created' })
  @ApiConflictResponse({ description: 'The code exists already, whatever its case' })
  create(
    @Body() body: SavePromotionCodeDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.adminCreatePromotionCode>> {
    return this.promotions.create(body, admin);
  }

  @ApiRoute(ROUTES.adminPromotionCode)
  @ApiOkResponse({ type: PromotionCodeDto })
  @ApiNotFoundResponse({ description: 'No such promotion code' })
  get(@Param() params: PromotionCodeIdParamDto): Promise<RouteResponse<typeof ROUTES.adminPromotionCode>> {
    return this.promotions.get(params.id);
  }

  @ApiRoute(ROUTES.adminUpdatePromotionCode)
  @ApiOkResponse({ type: PromotionCodeDto })
  @ApiBadRequestResponse({ description: 'A field is invalid (fieldErrors says which); nothing changed' })
  @ApiConflictResponse({ description: 'Another code has that text already, whatever its case' })
  @ApiNotFoundResponse({ description: 'No such promotion code' })
  update(
    @Param() params: PromotionCodeIdParamDto,
    @Body() body: SavePromotionCodeDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.adminUpdatePromotionCode>> {
    return this.promotions.update(params.id, body, admin);
  }

  @ApiRoute(ROUTES.adminDeactivatePromotionCode)
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: PromotionCodeDto })
  @ApiNotFoundResponse({ description: 'No such promotion code' })
  deactivate(
    @Param() params: PromotionCodeIdParamDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.adminDeactivatePromotionCode>> {
    return this.promotions.deactivate(params.id, admin);
  }
}
