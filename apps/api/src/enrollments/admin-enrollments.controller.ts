import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiConflictResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthenticatedAdmin } from '../admin/admin-auth.types';
import { AdminOnly, CurrentAdmin } from '../admin/admin-only.decorator';
import { EnrollmentDetailDto, EnrollmentPageDto } from './dto/enrollment-admin-response.dto';
import {
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

@ApiTags('admin')
@AdminOnly()
@Controller('admin/enrollments')
export class AdminEnrollmentsController {
  constructor(
    private readonly enrollments: EnrollmentsService,
    private readonly admin: EnrollmentAdminService,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Enrollments, newest first, each with its cohort month',
    description:
      'startDate and endDate filter on the day the enrollment was created, both inclusive, as UTC calendar days: ' +
      'startDate=2027-01-01&endDate=2027-01-31 returns everything created from 2027-01-01T00:00:00Z up to 2027-01-31T23:59:59.999Z.',
  })
  @ApiOkResponse({ type: [EnrollmentResponseDto] })
  @ApiBadRequestResponse({ description: 'Unknown training or a date that is not a real YYYY-MM-DD day' })
  list(@Query() query: ListEnrollmentsQueryDto): Promise<EnrollmentResponseDto[]> {
    return this.enrollments.list(query);
  }

  @Get('search')
  @ApiOperation({
    summary: 'The panel table: 50 rows a page, sorted, searched by name or email, with each row’s money',
    description:
      'Filters as GET /admin/enrollments plus cohortId, q, enrollmentStatus; sort and direction; page (1-based).',
  })
  @ApiOkResponse({ type: EnrollmentPageDto })
  search(@Query() query: EnrollmentSearchQueryDto): Promise<EnrollmentPageDto> {
    return this.admin.search(query);
  }

  @Get('roster.csv')
  @ApiOperation({
    summary: "The 'Full roster' CSV of the filtered enrollments",
    description:
      'Columns Student Name, Email, Training, Cohort, Payment Type, Paid, Balance, Status; quoted like the cohort CSV.',
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'The CSV file', schema: { type: 'string' } })
  async roster(
    @Query() query: EnrollmentSearchQueryDto,
    @Res({ passthrough: true }) response: Response,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<string> {
    const csv = await this.admin.rosterCsv(query, admin);
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', 'attachment; filename="Full_roster.csv"');
    response.setHeader('X-Enrollment-Count', String(csv.count));
    return csv.content;
  }

  @Get(':id')
  @ApiOperation({
    summary: 'One enrollment with its money, payment, charges (with Stripe ids), upcoming installments and refunds',
  })
  @ApiOkResponse({ type: EnrollmentDetailDto })
  @ApiNotFoundResponse({ description: 'No such enrollment' })
  detail(@Param() params: EnrollmentIdParamDto): Promise<EnrollmentDetailDto> {
    return this.admin.detail(params.id);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Edit status (active, completed, cancelled), cohort and notes; validated as for creation' })
  @ApiOkResponse({ type: EnrollmentDetailDto })
  @ApiBadRequestResponse({
    description: 'A field is invalid or the cohort belongs to another training; nothing changed',
  })
  @ApiConflictResponse({ description: 'The new cohort is full' })
  update(
    @Param() params: EnrollmentIdParamDto,
    @Body() body: UpdateEnrollmentDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<EnrollmentDetailDto> {
    return this.admin.update(params.id, body, admin);
  }

  @Post(':id/move')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Move the student to another cohort of the same training; payment and plan stay' })
  @ApiOkResponse({ type: EnrollmentDetailDto })
  @ApiBadRequestResponse({ description: 'Same cohort, unknown cohort or another training' })
  @ApiConflictResponse({ description: 'The cohort is full' })
  move(
    @Param() params: EnrollmentIdParamDto,
    @Body() body: MoveEnrollmentDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<EnrollmentDetailDto> {
    return this.admin.move(params.id, body.cohortId, admin);
  }

  @Post(':id/refund')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Refund all or part of what the enrollment was charged (Stripe Refunds API; recorded in test mode)',
    description: 'The enrollment is cancelled, which stops the later installments of its plan.',
  })
  @ApiOkResponse({ type: EnrollmentDetailDto })
  @ApiBadRequestResponse({ description: 'More than is left to refund, or no card payment; nothing refunded' })
  refund(
    @Param() params: EnrollmentIdParamDto,
    @Body() body: RefundEnrollmentDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<EnrollmentDetailDto> {
    return this.admin.refund(params.id, body.amountCents, body.reason, admin);
  }

  @Post()
  @ApiOperation({ summary: 'Record an enrollment by hand (isManualEntry true)' })
  @ApiCreatedResponse({ type: EnrollmentResponseDto })
  @ApiBadRequestResponse({
    description: 'A field is invalid, or the cohort does not exist or belongs to another training; nothing is written',
  })
  @ApiConflictResponse({ description: 'The cohort is full' })
  create(@Body() body: CreateEnrollmentDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<EnrollmentResponseDto> {
    return this.enrollments.createManual(body, admin);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Delete an enrollment' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFoundResponse({ description: 'No such enrollment' })
  remove(@Param() params: EnrollmentIdParamDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<void> {
    return this.enrollments.remove(params.id, admin);
  }
}
