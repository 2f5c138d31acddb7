import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';
import type { ApplicantSignOutRequest, ApplicantSignOutResponse } from '@app/contracts';

export class ApplicantSignOutDto implements ApplicantSignOutRequest {
  @ApiProperty({
    required: false,
    description: "End every session of the account (every browser signed in to it), not only this browser's",
  })
  @IsOptional()
  @IsBoolean()
  everywhere?: boolean;
}

export class ApplicantSignOutResponseDto implements ApplicantSignOutResponse {
  @ApiProperty({ description: "How many sessions ended (0 when this browser's had ended already)" })
  sessionsEnded!: number;
}
