import { ROUTES, type RouteResponse } from '@app/contracts';
import { ApiRoute } from '../common/api-route.decorator';
import { Body, Controller, Param, ParseUUIDPipe } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Viewer } from '../applicants/viewer';
import { CurrentViewer, OwnerOrStaff } from '../applicants/viewer.guard';
import { CredentialsService } from './credentials.service';
import { CreateCredentialDto } from './dto/create-credential.dto';
import { CredentialResponseDto, DocumentDownloadResponseDto } from './dto/credential-response.dto';

@ApiTags('credentials')
@OwnerOrStaff()
@Controller()
export class CredentialsController {
  constructor(private readonly credentials: CredentialsService) {}

  @ApiRoute(ROUTES.createCredential)
  @ApiCreatedResponse({ type: CredentialResponseDto })
  @ApiBadRequestResponse({ description: 'Name empty after trimming, or longer than 200 characters' })
  @ApiForbiddenResponse({ description: 'Called with a staff token' })
  create(
    @Body() body: CreateCredentialDto,
    @CurrentViewer() viewer: Viewer,
  ): Promise<RouteResponse<typeof ROUTES.createCredential>> {
    return this.credentials.create(body.name, viewer);
  }

  @ApiRoute(ROUTES.credential)
  @ApiOkResponse({ type: CredentialResponseDto })
  @ApiBadRequestResponse({ description: 'The id is not a UUID' })
  @ApiNotFoundResponse({ description: 'No such credential, or another applicant owns it' })
  get(
    @Param('id', ParseUUIDPipe) id: string,
    @CurrentViewer() viewer: Viewer,
  ): Promise<RouteResponse<typeof ROUTES.credential>> {
    return this.credentials.get(id, viewer);
  }

  @ApiRoute(ROUTES.documentDownload)
  @ApiOkResponse({ type: DocumentDownloadResponseDto })
  @ApiNotFoundResponse({ description: 'No such credential or document, or another applicant owns it' })
  download(
    @Param('id', ParseUUIDPipe) id: string,
    @Param('documentId', ParseUUIDPipe) documentId: string,
    @CurrentViewer() viewer: Viewer,
  ): Promise<RouteResponse<typeof ROUTES.documentDownload>> {
    return this.credentials.documentDownload(id, documentId, viewer);
  }
}
