import { ApiProperty } from '@nestjs/swagger';
import type { CreateCredentialRequest } from '@app/contracts';
import { MAX_CREDENTIAL_NAME_LENGTH } from '@app/domain';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

/** The same rule as the domain's normalizeCredentialName: trimmed, non-empty, at most 200 characters. */
export class CreateCredentialDto implements CreateCredentialRequest {
  @ApiProperty({
    example: 'BA Psychology, State University',
    maxLength: MAX_CREDENTIAL_NAME_LENGTH,
    description: 'Trimmed',
  })
  @Transform(trim)
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(MAX_CREDENTIAL_NAME_LENGTH, { message: `Name must be at most ${MAX_CREDENTIAL_NAME_LENGTH} characters` })
  name!: string;
}
