import { ApiProperty } from '@nestjs/swagger';
import type { SubmitCredentialRequest } from '@app/contracts';
import { MAX_CREDENTIAL_NAME_LENGTH, credentialNameFieldError } from '@app/domain';
import { Transform } from 'class-transformer';
import { IsUUID } from 'class-validator';
import { FormRule, trimText } from '../../common/form-rule.decorator';
import { IsValidEmail } from '../../common/is-valid-email.decorator';

export class SubmitCredentialDto implements SubmitCredentialRequest {
  @ApiProperty({
    example: 'applicant@example.com',
    description: "The applicant's email: the credential belongs to their account, created if new",
  })
  @Transform(trimText)
  @IsValidEmail('applicantEmail must be a valid email address')
  applicantEmail!: string;

  @ApiProperty({ example: 'BA Psychology, State University', maxLength: MAX_CREDENTIAL_NAME_LENGTH })
  @Transform(trimText)
  @FormRule((value) => credentialNameFieldError('name', value))
  name!: string;
}

export class SubmittedCredentialParamDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'id must be a UUID' })
  id!: string;
}
