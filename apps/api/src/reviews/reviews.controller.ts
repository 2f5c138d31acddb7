import { ROUTES, type RouteResponse } from '@app/contracts';
import { ApiRoute } from '../common/api-route.decorator';
import { Body, Controller, HttpCode, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedAdmin } from '../admin/admin-auth.types';
import { CurrentAdmin, StaffOnly } from '../admin/admin-only.decorator';
import {
  RejectCredentialDto,
  ReviewCredentialDetailDto,
  ReviewDecisionResultDto,
  ReviewQueueItemDto,
  ReviewQueueQueryDto,
  VerifyCredentialDto,
} from './dto/review.dto';
import { ReviewsService } from './reviews.service';

/** Staff (admins and evaluators) verify the credit the analysis recommends. */
@ApiTags('reviews')
@StaffOnly()
@Controller()
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @ApiRoute(ROUTES.reviewQueue)
  @ApiOkResponse({ type: [ReviewQueueItemDto] })
  queue(@Query() query: ReviewQueueQueryDto): Promise<RouteResponse<typeof ROUTES.reviewQueue>> {
    return this.reviews.queue(query);
  }

  @ApiRoute(ROUTES.reviewDetail)
  @ApiOkResponse({ type: ReviewCredentialDetailDto })
  @ApiNotFoundResponse({ description: 'No such credential' })
  detail(
    @Param('id', ParseUUIDPipe) id: string,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.reviewDetail>> {
    return this.reviews.detail(id, admin);
  }

  @ApiRoute(ROUTES.verifyCredential)
  @HttpCode(200)
  @ApiOkResponse({ type: ReviewDecisionResultDto })
  @ApiNotFoundResponse({ description: 'No such credential' })
  @ApiConflictResponse({ description: 'Not completed, or already reviewed' })
  verify(
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: VerifyCredentialDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.verifyCredential>> {
    return this.reviews.verify(id, body, admin);
  }

  @ApiRoute(ROUTES.rejectCredential)
  @HttpCode(200)
  @ApiOkResponse({ type: ReviewDecisionResultDto })
  @ApiNotFoundResponse({ description: 'No such credential' })
  @ApiConflictResponse({ description: 'Not completed, or already reviewed' })
  reject(
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: RejectCredentialDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.rejectCredential>> {
    return this.reviews.reject(id, body, admin);
  }
}
