import { ApiProperty } from '@nestjs/swagger';
import type { CreateCredentialRequest } from '@app/contracts';
import { MAX_CREDENTIAL_NAME_LENGTH, credentialNameFieldError } from '@app/domain';
import { Transform } from 'class-transformer';
import { FormRule, trimText } from '../../common/form-rule.decorator';

/** The evaluation page's create-credential form, by its rule in libs/domain (credential-name-form.ts). */
export class CreateCredentialDto implements CreateCredentialRequest {
  @ApiProperty({
    example: 'BA Psychology, State University',
    maxLength: MAX_CREDENTIAL_NAME_LENGTH,
    description: 'Trimmed',
  })
  @Transform(trimText)
  @FormRule((value) => credentialNameFieldError('name', value))
  name!: string;
}
