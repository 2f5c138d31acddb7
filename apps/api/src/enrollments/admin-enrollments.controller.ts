import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { AdminOnly } from '../admin/admin-only.decorator';
import { CreateEnrollmentDto } from './dto/create-enrollment.dto';
import { EnrollmentIdParamDto } from './dto/enrollment-id-param.dto';
import { EnrollmentResponseDto } from './dto/enrollment-response.dto';
import { ListEnrollmentsQueryDto } from './dto/list-enrollments-query.dto';
import { EnrollmentsService } from './enrollments.service';

@ApiTags('admin')
@AdminOnly()
@Controller('admin/enrollments')
export class AdminEnrollmentsController {
  constructor(private readonly enrollments: EnrollmentsService) {}

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

  @Post()
  @ApiOperation({ summary: 'Record an enrollment by hand (isManualEntry true)' })
  @ApiCreatedResponse({ type: EnrollmentResponseDto })
  @ApiBadRequestResponse({ description: 'A field is invalid, or the cohort does not exist or belongs to another training; nothing is written' })
  create(@Body() body: CreateEnrollmentDto): Promise<EnrollmentResponseDto> {
    return this.enrollments.createManual(body);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Delete an enrollment' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFoundResponse({ description: 'No such enrollment' })
  remove(@Param() params: EnrollmentIdParamDto): Promise<void> {
    return this.enrollments.remove(params.id);
  }
}
