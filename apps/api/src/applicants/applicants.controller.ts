import { ROUTES, type RouteResponse } from '@app/contracts';
import { Body, Controller, HttpCode } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiRoute } from '../common/api-route.decorator';
import { ApplicantsService } from './applicants.service';
import { ApplicantAccountResponseDto } from './dto/applicant-account.dto';
import { ApplicantSignOutDto, ApplicantSignOutResponseDto } from './dto/applicant-sign-out.dto';
import type { Viewer } from './viewer';
import { CurrentViewer, OwnerOrStaff } from './viewer.guard';

@ApiTags('applicants')
@OwnerOrStaff()
@Controller()
export class ApplicantsController {
  constructor(private readonly applicants: ApplicantsService) {}

  @ApiRoute(ROUTES.applicantAccount)
  @ApiOkResponse({ type: ApplicantAccountResponseDto })
  @ApiForbiddenResponse({ description: 'Called with a staff token' })
  account(@CurrentViewer() viewer: Viewer): Promise<RouteResponse<typeof ROUTES.applicantAccount>> {
    return this.applicants.account(viewer);
  }

  @ApiRoute(ROUTES.applicantSignOut)
  @HttpCode(200)
  @ApiOkResponse({ type: ApplicantSignOutResponseDto })
  @ApiForbiddenResponse({ description: 'Called with a staff token' })
  signOut(
    @Body() body: ApplicantSignOutDto,
    @CurrentViewer() viewer: Viewer,
  ): Promise<RouteResponse<typeof ROUTES.applicantSignOut>> {
    return this.applicants.signOut(viewer, body.everywhere === true);
  }
}
