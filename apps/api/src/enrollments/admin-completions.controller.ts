import { Body, HttpCode, HttpStatus, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse } from '@nestjs/swagger';
import { ROUTES, type RouteResponse } from '@app/contracts';
import type { AuthenticatedAdmin } from '../admin/admin-auth.types';
import { AdminController, CurrentAdmin } from '../admin/admin-only.decorator';
import { CompleteEnrollmentsDto } from './dto/complete-enrollments.dto';
import { ApiRoute } from '../common/api-route.decorator';
import { CompletionService } from './completion.service';

@AdminController()
export class AdminCompletionsController {
  constructor(private readonly completions: CompletionService) {}

  @ApiRoute(ROUTES.adminCohortCompletion)
  @ApiOkResponse({ description: 'The cohort, its training’s contact hours and its enrollments with their balances' })
  @ApiNotFoundResponse({ description: 'No such cohort' })
  preview(@Param('id', ParseUUIDPipe) id: string): Promise<RouteResponse<typeof ROUTES.adminCohortCompletion>> {
    return this.completions.preview(id);
  }

  @ApiRoute(ROUTES.adminCompleteEnrollments)
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'How many were completed, and the certificates and mails issued' })
  @ApiBadRequestResponse({
    description: 'A bad date, contact hours not set, or an unpaid balance without allowUnpaidBalance (nothing changes)',
  })
  complete(
    @Body() body: CompleteEnrollmentsDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.adminCompleteEnrollments>> {
    return this.completions.complete(body, admin);
  }
}
