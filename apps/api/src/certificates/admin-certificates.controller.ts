import { Body, HttpCode, HttpStatus, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse } from '@nestjs/swagger';
import { ROUTES, type RouteResponse } from '@app/contracts';
import type { AuthenticatedAdmin } from '../admin/admin-auth.types';
import { AdminController, CurrentAdmin } from '../admin/admin-only.decorator';
import { ApiRoute } from '../common/api-route.decorator';
import { CertificatesService } from './certificates.service';
import { RevokeCredentialDto } from './dto/certificates.dto';

@AdminController()
export class AdminCertificatesController {
  constructor(private readonly certificates: CertificatesService) {}

  @ApiRoute(ROUTES.adminEnrollmentCertificates)
  @ApiOkResponse({ description: "The enrollment's certificates" })
  forEnrollment(
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<RouteResponse<typeof ROUTES.adminEnrollmentCertificates>> {
    return this.certificates.listForEnrollment(id);
  }

  @ApiRoute(ROUTES.adminRevokeCertificate)
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'The revoked certificate' })
  @ApiNotFoundResponse({ description: 'No such certificate' })
  @ApiConflictResponse({ description: 'Already revoked' })
  revoke(
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: RevokeCredentialDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.adminRevokeCertificate>> {
    return this.certificates.revoke(id, body.reason, admin);
  }
}
