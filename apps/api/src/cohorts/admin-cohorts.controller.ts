import { ROUTES, type RouteResponse } from '@app/contracts';
import { ApiRoute } from '../common/api-route.decorator';
import { Body, HttpCode, HttpStatus, Param, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
} from '@nestjs/swagger';
import type { AuthenticatedAdmin } from '../admin/admin-auth.types';
import { AdminController, CurrentAdmin } from '../admin/admin-only.decorator';
import { SetCohortCapacityDto, WaitlistEntryParamDto, WaitlistQueryDto } from './dto/cohort-seats.dto';
import { CohortsService } from './cohorts.service';
import { CohortIdParamDto } from './dto/cohort-id-param.dto';
import { CohortResponseDto } from './dto/cohort-response.dto';
import { CreateCohortDto } from './dto/create-cohort.dto';
import { ListCohortsQueryDto } from './dto/list-cohorts-query.dto';

@AdminController()
export class AdminCohortsController {
  constructor(private readonly cohorts: CohortsService) {}

  @ApiRoute(ROUTES.adminCohorts)
  @ApiOkResponse({ type: [CohortResponseDto] })
  list(@Query() query: ListCohortsQueryDto): Promise<RouteResponse<typeof ROUTES.adminCohorts>> {
    return this.cohorts.listCurrent(query.trainingName);
  }

  @ApiRoute(ROUTES.adminCreateCohort)
  @ApiCreatedResponse({ type: CohortResponseDto })
  @ApiBadRequestResponse({ description: 'Unknown training or cohortMonth not a real YYYY-MM month' })
  @ApiConflictResponse({ description: 'That training already has a cohort for that month' })
  create(
    @Body() body: CreateCohortDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.adminCreateCohort>> {
    return this.cohorts.create(body, admin);
  }

  @ApiRoute(ROUTES.adminWaitlist)
  @ApiOkResponse({ description: 'Waitlist entries' })
  waitlist(@Query() query: WaitlistQueryDto): Promise<RouteResponse<typeof ROUTES.adminWaitlist>> {
    return this.cohorts.waitlist(query.cohortId ?? null);
  }

  @ApiRoute(ROUTES.adminOfferSeat)
  @ApiOkResponse({ description: 'The entry, with offeredAt set' })
  @HttpCode(HttpStatus.OK)
  @ApiNotFoundResponse({ description: 'No such waitlist entry' })
  offer(
    @Param() params: WaitlistEntryParamDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.adminOfferSeat>> {
    return this.cohorts.offerSeat(params.entryId, admin);
  }

  @ApiRoute(ROUTES.adminSetCohortCapacity)
  @ApiOkResponse({ type: CohortResponseDto })
  @ApiNotFoundResponse({ description: 'No such cohort' })
  setCapacity(
    @Param() params: CohortIdParamDto,
    @Body() body: SetCohortCapacityDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.adminSetCohortCapacity>> {
    return this.cohorts.setCapacity(params.id, body.capacity ?? null, admin);
  }

  @ApiRoute(ROUTES.adminDeleteCohort, {
    description:
      'A cohort that still has enrollments is never deleted and its enrollments are never unlinked: the call answers 409 ' +
      'with a message saying how many there are. Delete those enrollments first.',
  })
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFoundResponse({ description: 'No such cohort' })
  @ApiConflictResponse({ description: 'The cohort has enrollments; nothing was changed' })
  remove(
    @Param() params: CohortIdParamDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.adminDeleteCohort>> {
    return this.cohorts.remove(params.id, admin);
  }
}
