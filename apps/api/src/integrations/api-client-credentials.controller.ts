import { ROUTES, type RouteResponse } from '@app/contracts';
import { Body, Controller, HttpCode, HttpStatus, Param } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { AuthenticatedAdmin } from '../admin/admin-auth.types';
import { ApiClientOnly } from '../admin/api-key.guard';
import { CurrentAdmin } from '../admin/admin-only.decorator';
import { ApiRoute } from '../common/api-route.decorator';
import { UploadCompleteDto } from '../uploads/dto/upload-complete.dto';
import { ApiClientCredentialsService } from './api-client-credentials.service';
import { SubmitCredentialDto, SubmittedCredentialParamDto } from './dto/submit-credential.dto';

/** Credentials submitted by API clients (scope credentials:submit) for the applicant they name. */
@ApiTags('integrations')
@ApiClientOnly()
@Controller()
export class ApiClientCredentialsController {
  constructor(private readonly submitted: ApiClientCredentialsService) {}

  @ApiRoute(ROUTES.submitCredential)
  @ApiCreatedResponse({ description: 'The credential, pending, with no documents yet' })
  @ApiBadRequestResponse({ description: 'No valid applicantEmail or no name' })
  submit(
    @Body() body: SubmitCredentialDto,
    @CurrentAdmin() client: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.submitCredential>> {
    return this.submitted.submit(body.applicantEmail, body.name, client);
  }

  @ApiRoute(ROUTES.submittedCredential)
  @ApiOkResponse({ description: 'Status, evaluation (once completed) and review outcome (once decided)' })
  @ApiNotFoundResponse({ description: 'Not a credential this key submitted' })
  outcome(
    @Param() params: SubmittedCredentialParamDto,
    @CurrentAdmin() client: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.submittedCredential>> {
    return this.submitted.outcome(params.id, client);
  }

  @ApiRoute(ROUTES.submittedCredentialUploadUrl)
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'A presigned PUT URL; PUT the file there, then register it' })
  @ApiNotFoundResponse({ description: 'Not a credential this key submitted' })
  uploadUrl(
    @Param() params: SubmittedCredentialParamDto,
    @CurrentAdmin() client: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.submittedCredentialUploadUrl>> {
    return this.submitted.uploadUrl(params.id, client);
  }

  @ApiRoute(ROUTES.submittedCredentialDocument)
  @ApiOkResponse({ description: 'The registered document (size and type read from the stored content)' })
  @ApiNotFoundResponse({ description: 'Not a credential this key submitted' })
  document(
    @Param() params: SubmittedCredentialParamDto,
    @Body() body: UploadCompleteDto,
    @CurrentAdmin() client: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.submittedCredentialDocument>> {
    return this.submitted.registerDocument(params.id, body, client);
  }

  @ApiRoute(ROUTES.submittedCredentialAnalyze)
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'The analysis started' })
  @ApiNotFoundResponse({ description: 'Not a credential this key submitted' })
  analyze(
    @Param() params: SubmittedCredentialParamDto,
    @CurrentAdmin() client: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.submittedCredentialAnalyze>> {
    return this.submitted.analyze(params.id, client);
  }
}
