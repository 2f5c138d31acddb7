import { Body, Controller, Header, HttpCode, HttpStatus, Param, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ROUTES, type RouteResponse } from '@app/contracts';
import { ApiRoute } from '../common/api-route.decorator';
import type { Viewer } from '../applicants/viewer';
import { CurrentViewer, OwnerOrStaff } from '../applicants/viewer.guard';
import { CertificatesService, type CertificateViewer } from './certificates.service';
import { VerifyPresentedDto } from './dto/certificates.dto';

function certificateViewer(viewer: Viewer): CertificateViewer {
  return viewer.kind === 'staff' ? { kind: 'staff' } : { kind: 'applicant', applicantId: viewer.applicantId };
}

/** The trainee's (or staff's) certificates and their downloads. */
@ApiTags('certificates')
@OwnerOrStaff()
@Controller()
export class CertificatesController {
  constructor(private readonly certificates: CertificatesService) {}

  @ApiRoute(ROUTES.myCertificates, { description: 'Empty until the applicant signed in by email link.' })
  @ApiOkResponse({ description: 'Certificates and reports, newest first' })
  mine(@CurrentViewer() viewer: Viewer): Promise<RouteResponse<typeof ROUTES.myCertificates>> {
    return viewer.kind === 'applicant' ? this.certificates.listMine(viewer.applicantId) : Promise.resolve([]);
  }

  @ApiRoute(ROUTES.certificatePdf)
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF', schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: 'No such certificate, or not the signed-in account’s' })
  async pdf(
    @Param('id') id: string,
    @CurrentViewer() viewer: Viewer,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RouteResponse<typeof ROUTES.certificatePdf>> {
    const { bytes, number } = await this.certificates.pdf(id, certificateViewer(viewer));
    reply.header('Content-Type', 'application/pdf');
    reply.header('Content-Disposition', `attachment; filename="${number}.pdf"`);
    return Buffer.from(bytes);
  }

  @ApiRoute(ROUTES.certificateCredential)
  @ApiOkResponse({ description: 'The EnvelopedVerifiableCredential' })
  @ApiNotFoundResponse({ description: 'No such certificate, or not the signed-in account’s' })
  async credential(
    @Param('id') id: string,
    @CurrentViewer() viewer: Viewer,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RouteResponse<typeof ROUTES.certificateCredential>> {
    const { body, number } = await this.certificates.credentialJson(id, certificateViewer(viewer));
    reply.header('Content-Disposition', `attachment; filename="${number}.json"`);
    return { ...body };
  }
}

/** What anyone may read: the verification result, the issuer's keys and its revocation list. */
@ApiTags('verification')
@Controller()
export class VerificationController {
  constructor(private readonly certificates: CertificatesService) {}

  @ApiRoute(ROUTES.verifyCertificate)
  @ApiOkResponse({ description: 'Genuine or not, revoked or not, and the facts read from the signed credential' })
  @ApiNotFoundResponse({ description: 'No credential with this id was issued here' })
  verify(@Param('id') id: string): Promise<RouteResponse<typeof ROUTES.verifyCertificate>> {
    return this.certificates.verify(id);
  }

  @ApiRoute(ROUTES.verifyPresented)
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'The check of the presented credential' })
  verifyPresented(@Body() body: VerifyPresentedDto): Promise<RouteResponse<typeof ROUTES.verifyPresented>> {
    return this.certificates.verifyPresented(body.credential);
  }

  @ApiRoute(ROUTES.issuerJwks)
  @ApiOkResponse({ description: 'JWKS (RFC 7517)' })
  jwks(): Promise<RouteResponse<typeof ROUTES.issuerJwks>> {
    return this.certificates.jwks();
  }

  @ApiRoute(ROUTES.issuerDid)
  @ApiOkResponse({ description: 'DID document (did:web)' })
  did(): RouteResponse<typeof ROUTES.issuerDid> {
    return this.certificates.didDocument();
  }

  @ApiRoute(ROUTES.issuerStatusList)
  @ApiProduces('application/vc+jwt')
  @Header('Content-Type', 'application/vc+jwt')
  @Header('Cache-Control', 'no-cache')
  @ApiOkResponse({ description: 'The compact JWS of the BitstringStatusListCredential', schema: { type: 'string' } })
  statusList(): Promise<RouteResponse<typeof ROUTES.issuerStatusList>> {
    return this.certificates.statusListJws();
  }
}
