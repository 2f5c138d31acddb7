import { ApiProperty } from '@nestjs/swagger';
import type { RevokeCredentialRequest, VerifyPresentedRequest } from '@app/contracts';
import { IsDefined, IsString, MaxLength } from 'class-validator';

export class RevokeCredentialDto implements RevokeCredentialRequest {
  @ApiProperty({ description: 'Why it is revoked (3 to 500 characters); recorded in the audit trail' })
  @IsString()
  @MaxLength(500)
  reason!: string;
}

export class VerifyPresentedDto implements VerifyPresentedRequest {
  @ApiProperty({ description: 'The JSON download (EnvelopedVerifiableCredential) or the bare compact JWS' })
  @IsDefined()
  credential!: unknown;
}
