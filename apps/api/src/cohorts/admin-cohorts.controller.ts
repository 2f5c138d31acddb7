import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { WaitlistEntryView } from '@app/contracts';
import type { AuthenticatedAdmin } from '../admin/admin-auth.types';
import { AdminOnly, CurrentAdmin } from '../admin/admin-only.decorator';
import { SetCohortCapacityDto, WaitlistEntryParamDto, WaitlistQueryDto } from './dto/cohort-seats.dto';
import { CohortsService } from './cohorts.service';
import { CohortIdParamDto } from './dto/cohort-id-param.dto';
import { CohortResponseDto } from './dto/cohort-response.dto';
import { CreateCohortDto } from './dto/create-cohort.dto';
import { ListCohortsQueryDto } from './dto/list-cohorts-query.dto';

@ApiTags('admin')
@AdminOnly()
@Controller('admin/cohorts')
export class AdminCohortsController {
  constructor(private readonly cohorts: CohortsService) {}

  @Get()
  @ApiOperation({ summary: 'All cohorts, or those of one training' })
  @ApiOkResponse({ type: [CohortResponseDto] })
  list(@Query() query: ListCohortsQueryDto): Promise<CohortResponseDto[]> {
    return this.cohorts.list(query.trainingName);
  }

  @Post()
  @ApiOperation({ summary: 'Create a cohort (one per training and month)' })
  @ApiCreatedResponse({ type: CohortResponseDto })
  @ApiBadRequestResponse({ description: 'Unknown training or cohortMonth not a real YYYY-MM month' })
  @ApiConflictResponse({ description: 'That training already has a cohort for that month' })
  create(@Body() body: CreateCohortDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<CohortResponseDto> {
    return this.cohorts.create(body, admin);
  }

  @Get('waitlist')
  @ApiOperation({ summary: 'Waitlist entries of full cohorts, oldest first (all cohorts, or one with ?cohortId=)' })
  @ApiOkResponse({ description: 'Waitlist entries' })
  waitlist(@Query() query: WaitlistQueryDto): Promise<WaitlistEntryView[]> {
    return this.cohorts.waitlist(query.cohortId ?? null);
  }

  @Post('waitlist/:entryId/offer')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Offer a freed seat to a waitlisted visitor (recorded in the audit trail)' })
  @ApiNotFoundResponse({ description: 'No such waitlist entry' })
  offer(@Param() params: WaitlistEntryParamDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<WaitlistEntryView> {
    return this.cohorts.offerSeat(params.entryId, admin);
  }

  @Patch(':id')
  @ApiOperation({
    summary: "Set a cohort's capacity (null: no limit); lowering it below the seats taken removes nobody",
  })
  @ApiOkResponse({ type: CohortResponseDto })
  @ApiNotFoundResponse({ description: 'No such cohort' })
  setCapacity(
    @Param() params: CohortIdParamDto,
    @Body() body: SetCohortCapacityDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<CohortResponseDto> {
    return this.cohorts.setCapacity(params.id, body.capacity ?? null, admin);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: 'Delete a cohort that has no enrollments',
    description:
      'A cohort that still has enrollments is never deleted and its enrollments are never unlinked: the call answers 409 ' +
      'with a message saying how many there are. Delete those enrollments first.',
  })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFoundResponse({ description: 'No such cohort' })
  @ApiConflictResponse({ description: 'The cohort has enrollments; nothing was changed' })
  remove(@Param() params: CohortIdParamDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<void> {
    return this.cohorts.remove(params.id, admin);
  }
}
