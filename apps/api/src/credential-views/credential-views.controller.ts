import { ROUTES, type RouteResponse } from '@app/contracts';
import { Controller } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Viewer } from '../applicants/viewer';
import { CurrentViewer, OwnerOrStaff } from '../applicants/viewer.guard';
import { ApiRoute } from '../common/api-route.decorator';
import { CredentialViewsService } from './credential-views.service';
import { ApplicantRecordsResponseDto, CredentialOverviewResponseDto } from './dto/applicant-credentials.dto';

@ApiTags('credentials')
@OwnerOrStaff()
@Controller()
export class CredentialViewsController {
  constructor(private readonly views: CredentialViewsService) {}

  @ApiRoute(ROUTES.credentials, {
    description: 'Everything the evaluation page shows, in one call. Staff use the review queue instead.',
  })
  @ApiOkResponse({ type: [CredentialOverviewResponseDto], description: 'Newest first' })
  @ApiForbiddenResponse({ description: 'Called with a staff token' })
  list(@CurrentViewer() viewer: Viewer): Promise<RouteResponse<typeof ROUTES.credentials>> {
    return this.views.listOwn(viewer);
  }

  @ApiRoute(ROUTES.applicantRecords, {
    description:
      "The evaluation page's data in one call: the account's email and the credentials, each as GET /api/applicants/me and GET /api/credentials answer them. Staff use the review queue instead.",
  })
  @ApiOkResponse({ type: ApplicantRecordsResponseDto })
  @ApiForbiddenResponse({ description: 'Called with a staff token' })
  records(@CurrentViewer() viewer: Viewer): Promise<RouteResponse<typeof ROUTES.applicantRecords>> {
    return this.views.ownRecords(viewer);
  }
}
