import { ROUTES, type RouteResponse } from '@app/contracts';
import { ApiRoute } from '../common/api-route.decorator';
import { Body, Controller, Headers, HttpCode } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiHeader,
  ApiOkResponse,
  ApiProperty,
  ApiConflictResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { SignInLinkRequest, SignInLinkResponse, SignInRequest, SignInResponse } from '@app/contracts';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsValidEmail } from '../common/is-valid-email.decorator';
import { APPLICANT_TOKEN_HEADER, ApplicantTokenService } from '../applicants/applicant-token.service';
import type { Viewer } from '../applicants/viewer';
import { CurrentViewer, OwnerOrStaff } from '../applicants/viewer.guard';
import { SignInService } from './sign-in.service';

export class SignInLinkDto implements SignInLinkRequest {
  @ApiProperty({ example: 'applicant@example.org' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsValidEmail('Enter a valid email address')
  email!: string;
}

export class SignInLinkResponseDto implements SignInLinkResponse {
  @ApiProperty({ enum: ['queued', 'not-configured'] }) mail!: 'queued' | 'not-configured';
  @ApiProperty() message!: string;
}

export class SignInDto implements SignInRequest {
  @ApiProperty({ description: 'The token of the mailed link' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  token!: string;
}

export class SignInResponseDto implements SignInResponse {
  @ApiProperty({ format: 'uuid' }) applicantId!: string;
  @ApiProperty() email!: string;
  @ApiProperty() mergedCredentials!: number;
}

@ApiTags('applicants')
@Controller()
export class SignInController {
  constructor(
    private readonly signIn: SignInService,
    private readonly applicantTokens: ApplicantTokenService,
  ) {}

  @ApiRoute(ROUTES.signInLink)
  @HttpCode(200)
  @OwnerOrStaff()
  @ApiOkResponse({ type: SignInLinkResponseDto })
  @ApiTooManyRequestsResponse({ description: 'Five links were sent to this address in the last 15 minutes' })
  @ApiConflictResponse({ description: 'No mail service is set up' })
  requestLink(
    @Body() body: SignInLinkDto,
    @CurrentViewer() viewer: Viewer,
  ): Promise<RouteResponse<typeof ROUTES.signInLink>> {
    return this.signIn.requestLink(body.email, viewer);
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
    return this.signIn.redeem(body.token, await this.applicantTokens.verify(applicantToken));
  }
}
