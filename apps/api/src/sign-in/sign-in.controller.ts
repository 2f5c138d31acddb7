import { ROUTES, type RouteResponse } from '@app/contracts';
import { ApiRoute } from '../common/api-route.decorator';
import { Body, Controller, Headers, HttpCode, Ip } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiHeader,
  ApiOkResponse,
  ApiProperty,
  ApiConflictResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type {
  SignInLinkRequest,
  SignInLinkResponse,
  SignInPreviewRequest,
  SignInPreviewResponse,
  SignInRequest,
  SignInResponse,
} from '@app/contracts';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { signInLinkFieldError } from '@app/domain';
import { FormRule, trimText } from '../common/form-rule.decorator';
import { ApplicantSessionsService } from '../applicants/applicant-sessions.service';
import { APPLICANT_TOKEN_HEADER } from '../applicants/applicant-token.service';
import type { Viewer } from '../applicants/viewer';
import { CurrentViewer, OwnerOrStaff } from '../applicants/viewer.guard';
import { SignInService } from './sign-in.service';

/** A binding value: what the web server makes (32 random bytes, base64url), with room for others of the kind. */
const BINDING = /^[A-Za-z0-9_-]{32,128}$/;

export class SignInLinkDto implements SignInLinkRequest {
  @ApiProperty({ example: 'applicant@example.org' })
  @Transform(trimText)
  @FormRule((value) => signInLinkFieldError('email', value))
  email!: string;

  @ApiProperty({
    required: false,
    description: "A random value the asking browser keeps (the web server's cookie); only its SHA-256 is stored",
  })
  @IsOptional()
  @Matches(BINDING, { message: 'browserBinding must be 32 to 128 URL-safe characters' })
  browserBinding?: string;
}

export class SignInLinkResponseDto implements SignInLinkResponse {
  @ApiProperty({ enum: ['queued', 'not-configured'] }) mail!: 'queued' | 'not-configured';
  @ApiProperty() message!: string;
}

export class SignInPreviewDto implements SignInPreviewRequest {
  @ApiProperty({ description: 'The token of the mailed link' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  token!: string;
}

export class SignInPreviewResponseDto implements SignInPreviewResponse {
  @ApiProperty({ description: 'The address whose account the link signs in to' }) email!: string;
}

export class SignInDto implements SignInRequest {
  @ApiProperty({ description: 'The token of the mailed link' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  token!: string;

  @ApiProperty({ required: false, description: 'The sign-in binding value of the browser using the link' })
  @IsOptional()
  @Matches(BINDING, { message: 'browserBinding must be 32 to 128 URL-safe characters' })
  browserBinding?: string;

  @ApiProperty({
    required: false,
    description: "Join this browser's anonymous records to the account (needed only outside the asking browser)",
  })
  @IsOptional()
  @IsBoolean()
  keepThisBrowsersRecords?: boolean;
}

export class SignInResponseDto implements SignInResponse {
  @ApiProperty({ format: 'uuid' }) applicantId!: string;
  @ApiProperty() email!: string;
  @ApiProperty() mergedCredentials!: number;
  @ApiProperty({ description: 'The link was used in the browser that asked for it' }) sameBrowser!: boolean;
  @ApiProperty({
    description:
      "The new session of the browser signing in (43 URL-safe characters): the web server's cookie keeps it, the API only its SHA-256",
  })
  sessionToken!: string;
}

@ApiTags('applicants')
@Controller()
export class SignInController {
  constructor(
    private readonly signIn: SignInService,
    private readonly sessions: ApplicantSessionsService,
  ) {}

  @ApiRoute(ROUTES.signInLink)
  @HttpCode(200)
  @OwnerOrStaff()
  @ApiOkResponse({ type: SignInLinkResponseDto })
  @ApiTooManyRequestsResponse({
    description:
      'SIGN_IN_LINKS_PER_ADDRESS links were sent to this address, or SIGN_IN_LINKS_PER_CLIENT asked for from this client, in the last 15 minutes',
  })
  @ApiConflictResponse({ description: 'No mail service is set up' })
  requestLink(
    @Body() body: SignInLinkDto,
    @CurrentViewer() viewer: Viewer,
    @Ip() client: string | undefined,
  ): Promise<RouteResponse<typeof ROUTES.signInLink>> {
    return this.signIn.requestLink(body.email, body.browserBinding, viewer, client ?? 'unknown');
  }

  @ApiRoute(ROUTES.signInPreview)
  @HttpCode(200)
  @ApiOkResponse({ type: SignInPreviewResponseDto })
  @ApiBadRequestResponse({ description: 'The link is invalid, expired or already used' })
  preview(@Body() body: SignInPreviewDto): Promise<RouteResponse<typeof ROUTES.signInPreview>> {
    return this.signIn.preview(body.token);
  }

  @ApiRoute(ROUTES.signIn)
  @HttpCode(200)
  @ApiHeader({
    name: APPLICANT_TOKEN_HEADER,
    required: false,
    description: "The current browser's applicant, whose records join the account",
  })
  @ApiOkResponse({ type: SignInResponseDto })
  @ApiBadRequestResponse({ description: 'The link is invalid, expired or already used' })
  async redeem(
    @Body() body: SignInDto,
    @Headers(APPLICANT_TOKEN_HEADER) applicantToken?: string,
  ): Promise<RouteResponse<typeof ROUTES.signIn>> {
    return this.signIn.redeem(body, await this.sessions.authenticate(applicantToken));
  }
}
