import { Body, Controller, Get, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Viewer } from '../applicants/viewer';
import { CurrentViewer, OwnerOrStaff } from '../applicants/viewer.guard';
import { CredentialsService } from './credentials.service';
import { ApplicantCredentialsResponseDto, DocumentDownloadResponseDto } from './dto/applicant-credentials.dto';
import { CreateCredentialDto } from './dto/create-credential.dto';
import { CredentialResponseDto } from './dto/credential-response.dto';

@ApiTags('credentials')
@OwnerOrStaff()
@Controller('credentials')
export class CredentialsController {
  constructor(private readonly credentials: CredentialsService) {}

  @Get()
  @ApiOperation({
    summary: "The calling applicant's credentials, newest first, with their evaluations, progress and reviews",
    description: 'Everything the evaluation page shows, in one call. Staff use the review queue instead.',
  })
  @ApiOkResponse({ type: ApplicantCredentialsResponseDto })
  @ApiForbiddenResponse({ description: 'Called with a staff token' })
  list(@CurrentViewer() viewer: Viewer): Promise<ApplicantCredentialsResponseDto> {
    return this.credentials.listOwn(viewer);
  }

  @Post()
  @ApiOperation({ summary: 'Create a named credential group (pending, no documents) owned by the calling applicant' })
  @ApiCreatedResponse({ type: CredentialResponseDto })
  @ApiBadRequestResponse({ description: 'Name empty after trimming, or longer than 200 characters' })
  @ApiForbiddenResponse({ description: 'Called with a staff token' })
  create(@Body() body: CreateCredentialDto, @CurrentViewer() viewer: Viewer): Promise<CredentialResponseDto> {
    return this.credentials.create(body.name, viewer);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One credential with its documents' })
  @ApiOkResponse({ type: CredentialResponseDto })
  @ApiBadRequestResponse({ description: 'The id is not a UUID' })
  @ApiNotFoundResponse({ description: 'No such credential, or another applicant owns it' })
  get(@Param('id', ParseUUIDPipe) id: string, @CurrentViewer() viewer: Viewer): Promise<CredentialResponseDto> {
    return this.credentials.get(id, viewer);
  }

  @Get(':id/documents/:documentId/download')
  @ApiOperation({ summary: 'A presigned download URL for one document, valid DOCUMENT_URL_TTL_SECONDS' })
  @ApiOkResponse({ type: DocumentDownloadResponseDto })
  @ApiNotFoundResponse({ description: 'No such credential or document, or another applicant owns it' })
  download(
    @Param('id', ParseUUIDPipe) id: string,
    @Param('documentId', ParseUUIDPipe) documentId: string,
    @CurrentViewer() viewer: Viewer,
  ): Promise<DocumentDownloadResponseDto> {
    return this.credentials.documentDownload(id, documentId, viewer);
  }
}
