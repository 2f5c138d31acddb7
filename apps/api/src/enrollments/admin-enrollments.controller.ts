import { ROUTES, type RouteResponse } from '@app/contracts';
import { ApiRoute } from '../common/api-route.decorator';
import { Body, HttpCode, HttpStatus, Param, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiConflictResponse,
  ApiProduces,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedAdmin } from '../admin/admin-auth.types';
import { AdminController, CurrentAdmin } from '../admin/admin-only.decorator';
import { AdminPanelViewDto, EnrollmentDetailDto, EnrollmentPageDto } from './dto/enrollment-admin-response.dto';
import {
  AdminPanelQueryDto,
  EnrollmentSearchQueryDto,
  MoveEnrollmentDto,
  RefundEnrollmentDto,
  UpdateEnrollmentDto,
} from './dto/enrollment-admin.dto';
import { EnrollmentAdminService } from './enrollment-admin.service';
import { CreateEnrollmentDto } from './dto/create-enrollment.dto';
import { EnrollmentIdParamDto } from './dto/enrollment-id-param.dto';
import { EnrollmentResponseDto } from './dto/enrollment-response.dto';
import { ListEnrollmentsQueryDto } from './dto/list-enrollments-query.dto';
import { EnrollmentsService } from './enrollments.service';

@AdminController()
export class AdminEnrollmentsController {
  constructor(
    private readonly enrollments: EnrollmentsService,
    private readonly admin: EnrollmentAdminService,
  ) {}

  @ApiRoute(ROUTES.adminEnrollments, {
    description:
      'startDate and endDate filter on the day the enrollment was created, both inclusive, as UTC calendar days: ' +
      'startDate=2027-01-01&endDate=2027-01-31 returns everything created from 2027-01-01T00:00:00Z up to 2027-01-31T23:59:59.999Z.',
  })
  @ApiOkResponse({ type: [EnrollmentResponseDto] })
  @ApiBadRequestResponse({ description: 'Unknown training or a date that is not a real YYYY-MM-DD day' })
  list(@Query() query: ListEnrollmentsQueryDto): Promise<RouteResponse<typeof ROUTES.adminEnrollments>> {
    return this.enrollments.list(query);
  }

  @ApiRoute(ROUTES.adminSearchEnrollments, {
    description:
      'Filters as GET /admin/enrollments plus cohortId, q, enrollmentStatus; sort and direction; page (1-based).',
  })
  @ApiOkResponse({ type: EnrollmentPageDto })
  search(@Query() query: EnrollmentSearchQueryDto): Promise<RouteResponse<typeof ROUTES.adminSearchEnrollments>> {
    return this.admin.search(query);
  }

  @ApiRoute(ROUTES.adminPanel, {
    description:
      'The search above (same filters, sort and page) and every cohort, in one call for the panel page. A cohortId ' +
      'that is not one of the cohorts (of trainingName, when given) is not applied, and the answer says which was.',
  })
  @ApiOkResponse({ type: AdminPanelViewDto })
  @ApiBadRequestResponse({ description: 'A filter other than cohortId is invalid' })
  panel(@Query() query: AdminPanelQueryDto): Promise<RouteResponse<typeof ROUTES.adminPanel>> {
    return this.admin.panel(query);
  }

  @ApiRoute(ROUTES.adminRosterCsv, {
    description:
      'Columns Student Name, Email, Training, Cohort, Payment Type, Paid, Balance, Status; quoted like the cohort CSV.',
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'The CSV file', schema: { type: 'string' } })
  async roster(
    @Query() query: EnrollmentSearchQueryDto,
    @Res({ passthrough: true }) response: FastifyReply,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.adminRosterCsv>> {
    const csv = await this.admin.rosterCsv(query, admin);
    response.header('Content-Type', 'text/csv; charset=utf-8');
    response.header('Content-Disposition', 'attachment; filename="Full_roster.csv"');
    response.header('X-Enrollment-Count', String(csv.count));
    return csv.content;
  }

  @ApiRoute(ROUTES.adminEnrollment)
  @ApiOkResponse({ type: EnrollmentDetailDto })
  @ApiNotFoundResponse({ description: 'No such enrollment' })
  detail(@Param() params: EnrollmentIdParamDto): Promise<RouteResponse<typeof ROUTES.adminEnrollment>> {
    return this.admin.detail(params.id);
  }

  @ApiRoute(ROUTES.adminUpdateEnrollment)
  @ApiOkResponse({ type: EnrollmentDetailDto })
  @ApiBadRequestResponse({
    description: 'A field is invalid or the cohort belongs to another training; nothing changed',
  })
  @ApiConflictResponse({ description: 'The new cohort is full' })
  update(
    @Param() params: EnrollmentIdParamDto,
    @Body() body: UpdateEnrollmentDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.adminUpdateEnrollment>> {
    return this.admin.update(params.id, body, admin);
  }

  @ApiRoute(ROUTES.adminMoveEnrollment)
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: EnrollmentDetailDto })
  @ApiBadRequestResponse({ description: 'Same cohort, unknown cohort or another training' })
  @ApiConflictResponse({ description: 'The cohort is full' })
  move(
    @Param() params: EnrollmentIdParamDto,
    @Body() body: MoveEnrollmentDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.adminMoveEnrollment>> {
    return this.admin.move(params.id, body.cohortId, admin);
  }

  @ApiRoute(ROUTES.adminRefundEnrollment, {
    description: 'The enrollment is cancelled, which stops the later installments of its plan.',
  })
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: EnrollmentDetailDto })
  @ApiBadRequestResponse({ description: 'More than is left to refund, or no card payment; nothing refunded' })
  refund(
    @Param() params: EnrollmentIdParamDto,
    @Body() body: RefundEnrollmentDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.adminRefundEnrollment>> {
    return this.admin.refund(params.id, body.amountCents, body.reason, admin);
  }

  @ApiRoute(ROUTES.adminRestartBilling, {
    description:
      'A refund or cancellation stops a plan, and reactivating the enrollment does not restart it: this explicit, audited action does.',
  })
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: EnrollmentDetailDto })
  @ApiConflictResponse({ description: 'No stopped plan with installments left, or the enrollment is still cancelled' })
  restartBilling(
    @Param() params: EnrollmentIdParamDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.adminRestartBilling>> {
    return this.admin.restartBilling(params.id, admin);
  }

  @ApiRoute(ROUTES.adminCreateEnrollment)
  @ApiCreatedResponse({ type: EnrollmentResponseDto })
  @ApiBadRequestResponse({
    description: 'A field is invalid, or the cohort does not exist or belongs to another training; nothing is written',
  })
  @ApiConflictResponse({ description: 'The cohort is full' })
  create(
    @Body() body: CreateEnrollmentDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.adminCreateEnrollment>> {
    return this.enrollments.createManual(body, admin);
  }

  @ApiRoute(ROUTES.adminDeleteEnrollment)
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFoundResponse({ description: 'No such enrollment' })
  remove(
    @Param() params: EnrollmentIdParamDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.adminDeleteEnrollment>> {
    return this.enrollments.remove(params.id, admin);
  }
}
