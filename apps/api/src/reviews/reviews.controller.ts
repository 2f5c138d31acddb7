import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
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
@Controller('admin/reviews')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Get()
  @ApiOperation({
    summary: 'Completed credentials awaiting verification, verified or rejected (at most 200), with search',
  })
  @ApiOkResponse({ type: [ReviewQueueItemDto] })
  queue(@Query() query: ReviewQueueQueryDto): Promise<ReviewQueueItemDto[]> {
    return this.reviews.queue(query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'A credential with its documents, evaluation and review' })
  @ApiOkResponse({ type: ReviewCredentialDetailDto })
  @ApiNotFoundResponse({ description: 'No such credential' })
  detail(
    @Param('id', ParseUUIDPipe) id: string,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<ReviewCredentialDetailDto> {
    return this.reviews.detail(id, admin);
  }

  @Post(':id/verify')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Verify the credit: the recommendation, or adjusted credits, with an optional note; the applicant is mailed',
  })
  @ApiOkResponse({ type: ReviewDecisionResultDto })
  @ApiNotFoundResponse({ description: 'No such credential' })
  @ApiConflictResponse({ description: 'Not completed, or already reviewed' })
  verify(
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: VerifyCredentialDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<ReviewDecisionResultDto> {
    return this.reviews.verify(id, body, admin);
  }

  @Post(':id/reject')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reject with a reason the applicant sees; the applicant is mailed' })
  @ApiOkResponse({ type: ReviewDecisionResultDto })
  @ApiNotFoundResponse({ description: 'No such credential' })
  @ApiConflictResponse({ description: 'Not completed, or already reviewed' })
  reject(
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: RejectCredentialDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<ReviewDecisionResultDto> {
    return this.reviews.reject(id, body, admin);
  }
}
