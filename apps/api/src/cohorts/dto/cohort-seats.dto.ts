import { ApiProperty } from '@nestjs/swagger';
import type { JoinWaitlistRequest, SetCohortCapacityRequest } from '@app/contracts';
import { IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';

export class SetCohortCapacityDto implements SetCohortCapacityRequest {
  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: 0,
    maximum: 10000,
    description: 'Seats for sale; null for no limit',
  })
  @IsOptional()
  @IsInt({ message: 'capacity must be a whole number of seats' })
  @Min(0, { message: 'capacity must not be negative' })
  @Max(10000, { message: 'capacity must be at most 10000' })
  capacity!: number | null;
}

export class JoinWaitlistDto implements JoinWaitlistRequest {
  @ApiProperty({ maxLength: 200 })
  @IsString({ message: 'name is required' })
  @MaxLength(200)
  name!: string;

  @ApiProperty({ maxLength: 254 })
  @IsString({ message: 'email is required' })
  @MaxLength(254)
  email!: string;
}

export class WaitlistEntryParamDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'entryId must be a UUID' })
  entryId!: string;
}

export class WaitlistQueryDto {
  @ApiProperty({ format: 'uuid', required: false })
  @IsOptional()
  @IsUUID('all', { message: 'cohortId must be a UUID' })
  cohortId?: string;
}
