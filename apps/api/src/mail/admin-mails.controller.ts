import { ROUTES, type RouteResponse } from '@app/contracts';
import { ApiRoute } from '../common/api-route.decorator';
import { HttpCode, HttpStatus, Param } from '@nestjs/common';
import { ApiConflictResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse } from '@nestjs/swagger';
import { AdminController } from '../admin/admin-only.decorator';
import { AdminMailsService } from './admin-mails.service';
import { EnrollmentIdParamDto, EnrollmentMailDto, MailIdParamDto } from './dto/mail.dto';

@AdminController()
export class AdminMailsController {
  constructor(private readonly mails: AdminMailsService) {}

  @ApiRoute(ROUTES.adminEnrollmentMails)
  @ApiOkResponse({ type: [EnrollmentMailDto] })
  @ApiNotFoundResponse({ description: 'No such enrollment' })
  list(@Param() params: EnrollmentIdParamDto): Promise<RouteResponse<typeof ROUTES.adminEnrollmentMails>> {
    return this.mails.listForEnrollment(params.id);
  }

  @ApiRoute(ROUTES.adminResendMail)
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Queued; the worker sends it within seconds' })
  @ApiNotFoundResponse({ description: 'No such mail' })
  @ApiConflictResponse({ description: 'The mail has not failed (it is pending, being sent or already sent)' })
  resend(@Param() params: MailIdParamDto): Promise<RouteResponse<typeof ROUTES.adminResendMail>> {
    return this.mails.resend(params.id);
  }
}
