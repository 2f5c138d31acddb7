import { ApiProperty } from '@nestjs/swagger';
import type { ApplicantAccount } from '@app/contracts';

export class ApplicantAccountResponseDto implements ApplicantAccount {
  @ApiProperty({ type: String, nullable: true, description: 'The signed-in email; null while anonymous' })
  email!: string | null;
}
