import { ApiProperty } from '@nestjs/swagger';
import type { JoinWaitlistRequest, SetCohortCapacityRequest } from '@app/contracts';
import { customerFieldError, MAX_CUSTOMER_NAME_LENGTH, MAX_EMAIL_LENGTH } from '@app/domain';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { FormRule, trimText } from '../../common/form-rule.decorator';

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

/** The waitlist form's fields, checked by its rule in libs/domain (`customerFormSchema`), as the page checks them. */
export class JoinWaitlistDto implements JoinWaitlistRequest {
  @ApiProperty({ maxLength: MAX_CUSTOMER_NAME_LENGTH, example: 'Ada Lovelace' })
  @Transform(trimText)
  @FormRule((value) => customerFieldError('name', value))
  name!: string;

  @ApiProperty({ maxLength: MAX_EMAIL_LENGTH, example: 'ada@example.com' })
  @Transform(trimText)
  @FormRule((value) => customerFieldError('email', value))
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
