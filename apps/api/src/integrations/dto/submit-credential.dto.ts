import { ApiProperty } from '@nestjs/swagger';
import type { SubmitCredentialRequest } from '@app/contracts';
import { MAX_CREDENTIAL_NAME_LENGTH } from '@app/domain';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, IsUUID, MaxLength } from 'class-validator';
import { IsValidEmail } from '../../common/is-valid-email.decorator';

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

export class SubmitCredentialDto implements SubmitCredentialRequest {
  @ApiProperty({
    example: 'applicant@example.com',
    description: "The applicant's email: the credential belongs to their account, created if new",
  })
  @Transform(trim)
  @IsValidEmail('applicantEmail must be a valid email address')
  applicantEmail!: string;

  @ApiProperty({ example: 'BA Psychology, State University', maxLength: MAX_CREDENTIAL_NAME_LENGTH })
  @Transform(trim)
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(MAX_CREDENTIAL_NAME_LENGTH, { message: `Name must be at most ${MAX_CREDENTIAL_NAME_LENGTH} characters` })
  name!: string;
}

export class SubmittedCredentialParamDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'id must be a UUID' })
  id!: string;
}
