import { ROUTES, type RouteResponse } from '@app/contracts';
import { ApiRoute } from '../common/api-route.decorator';
import { Body, Controller, HttpCode, HttpStatus } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { Viewer } from '../applicants/viewer';
import { CurrentViewer, OwnerOrStaff } from '../applicants/viewer.guard';
import { CredentialDocumentResponseDto } from '../credentials/dto/credential-response.dto';
import { UploadCompleteDto } from './dto/upload-complete.dto';
import { UploadUrlResponseDto } from './dto/upload-url-response.dto';
import { UploadsService } from './uploads.service';

@ApiTags('uploads')
@OwnerOrStaff()
@Controller()
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  @ApiRoute(ROUTES.uploadUrl)
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: UploadUrlResponseDto })
  createUploadUrl(@CurrentViewer() viewer: Viewer): Promise<RouteResponse<typeof ROUTES.uploadUrl>> {
    return this.uploads.createUploadUrl(viewer);
  }

  @ApiRoute(ROUTES.uploadComplete, {
    description:
      'Accepts only upload URLs this server issued, once each. The real size (at most 10485760 bytes) and type ' +
      '(PDF, DOC, DOCX, JPG or PNG, or a JSON object such as the download of a signed credential of this issuer, read ' +
      'from the content) are checked; any refusal removes the uploaded object.',
  })
  @ApiOkResponse({ type: CredentialDocumentResponseDto })
  @ApiBadRequestResponse({
    description: 'A missing or invalid field, a URL not issued here, an expired URL, no or an empty file',
  })
  @ApiNotFoundResponse({ description: 'No such credential, or another applicant owns it' })
  @ApiConflictResponse({ description: 'Already registered, or the credential is being analyzed' })
  @ApiPayloadTooLargeResponse({ description: 'Larger than 10 MB' })
  @ApiUnsupportedMediaTypeResponse({ description: 'Not a PDF, DOC, DOCX, JPG, PNG or JSON object by content' })
  registerUpload(
    @Body() body: UploadCompleteDto,
    @CurrentViewer() viewer: Viewer,
  ): Promise<RouteResponse<typeof ROUTES.uploadComplete>> {
    return this.uploads.registerUpload(body, viewer);
  }
}
