import { Controller, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { AdminOnly } from '../admin/admin-only.decorator';
import { AdminMailsService } from './admin-mails.service';
import { EnrollmentIdParamDto, EnrollmentMailDto, MailIdParamDto } from './dto/mail.dto';

@ApiTags('admin')
@AdminOnly()
@Controller('admin')
export class AdminMailsController {
  constructor(private readonly mails: AdminMailsService) {}

  @Get('enrollments/:id/mails')
  @ApiOperation({ summary: "The mails sent (or queued) about an enrollment's payment, oldest first" })
  @ApiOkResponse({ type: [EnrollmentMailDto] })
  @ApiNotFoundResponse({ description: 'No such enrollment' })
  list(@Param() params: EnrollmentIdParamDto): Promise<EnrollmentMailDto[]> {
    return this.mails.listForEnrollment(params.id);
  }

  @Post('mails/:id/resend')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Queues a failed mail again with fresh attempts' })
  @ApiNoContentResponse({ description: 'Queued; the worker sends it within seconds' })
  @ApiNotFoundResponse({ description: 'No such mail' })
  @ApiConflictResponse({ description: 'The mail has not failed (it is pending, being sent or already sent)' })
  resend(@Param() params: MailIdParamDto): Promise<void> {
    return this.mails.resend(params.id);
  }
}
