import { ROUTES, type RouteResponse } from '@app/contracts';
import { ApiRoute } from '../common/api-route.decorator';
import { Body, Controller, HttpCode, HttpStatus, Param, ParseUUIDPipe } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProperty,
  ApiTags,
} from '@nestjs/swagger';
import type { EraseByEmailRequest, ErasureResult } from '@app/contracts';
import { Transform } from 'class-transformer';
import { IsEmail, MaxLength } from 'class-validator';
import type { AuthenticatedAdmin } from '../admin/admin-auth.types';
import { CurrentAdmin, StaffOnly } from '../admin/admin-only.decorator';
import type { Viewer } from '../applicants/viewer';
import { CurrentViewer, OwnerOrStaff } from '../applicants/viewer.guard';
import { ErasureService } from './erasure.service';

export class EraseByEmailDto implements EraseByEmailRequest {
  @ApiProperty({ example: 'applicant@example.org' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  // Deliberately looser than isValidEmail (libs/domain): sign-in took class-validator's IsEmail before it took the
  // shared rule, so an address stored then must still be erasable.
  @IsEmail({}, { message: 'Enter an email address' })
  @MaxLength(254)
  email!: string;
}

export class ErasureResultDto implements ErasureResult {
  @ApiProperty() credentials!: number;
  @ApiProperty() applicants!: number;
  @ApiProperty() leadContacts!: number;
  @ApiProperty() emailDrafts!: number;
  @ApiProperty() signInTokens!: number;
  @ApiProperty({ description: "Sessions of the account's signed-in browsers, ended at once" }) sessions!: number;
  @ApiProperty({ description: 'Evaluation reports withdrawn: revoked in the status list, personal data removed' })
  withdrawnReports!: number;
  @ApiProperty({ description: 'Evaluation-area mails (sign-in links, outcomes) to the address' }) mails!: number;
}

@ApiTags('credentials')
@Controller()
export class CredentialErasureController {
  constructor(private readonly erasure: ErasureService) {}

  @ApiRoute(ROUTES.deleteCredential)
  @OwnerOrStaff()
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Deleted; its stored files are removed now or by the retrying sweep' })
  @ApiNotFoundResponse({ description: 'No such credential, or another applicant owns it' })
  @ApiConflictResponse({ description: 'It is being analyzed' })
  remove(
    @Param('id', ParseUUIDPipe) id: string,
    @CurrentViewer() viewer: Viewer,
  ): Promise<RouteResponse<typeof ROUTES.deleteCredential>> {
    return this.erasure.eraseCredential(id, viewer);
  }
}

@ApiTags('admin')
@StaffOnly()
@Controller()
export class EmailErasureController {
  constructor(private readonly erasure: ErasureService) {}

  @ApiRoute(ROUTES.eraseByEmail, {
    description:
      "The applicant account with that email and all its records and files, the address in other credentials' lead contacts, drafts to it and its sign-in links.",
  })
  @HttpCode(200)
  @ApiOkResponse({ type: ErasureResultDto })
  eraseByEmail(
    @Body() body: EraseByEmailDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.eraseByEmail>> {
    return this.erasure.eraseByEmail(body.email, admin.id);
  }
}
