import { ApiProperty } from '@nestjs/swagger';
import type { EnrollmentMail, OutboxMailStatus } from '@app/contracts';
import { IsUUID } from 'class-validator';

export class MailIdParamDto {
  @ApiProperty({ format: 'uuid', description: 'The mail id (from the enrollment mail list)' })
  @IsUUID('all', { message: 'id must be a UUID' })
  id!: string;
}

export class EnrollmentMailDto implements EnrollmentMail {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ description: 'purchase-confirmation, installment-receipt, plan-completed or installment-declined' })
  kind!: string;
  @ApiProperty({ description: 'Who it is addressed to' }) recipient!: string;
  @ApiProperty() subject!: string;
  @ApiProperty({ enum: ['pending', 'sending', 'sent', 'failed'] }) status!: OutboxMailStatus;
  @ApiProperty({ description: 'Send attempts so far' }) attempts!: number;
  @ApiProperty({ format: 'date-time', description: 'When the event wrote it' }) createdAt!: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'When the SMTP server accepted it' })
  sentAt!: string | null;
  @ApiProperty({ nullable: true, type: String, description: "The SMTP server's answer" }) smtpResponse!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'The error of the last failed attempt' }) lastError!:
    string | null;
}

/**
 * The enrollment whose mails are listed. Declared here rather than imported from the enrollments feature, which
 * depends on mail (through payments): the same shape, no import cycle.
 */
export class EnrollmentIdParamDto {
  @ApiProperty({ format: 'uuid', description: 'The enrollment id' })
  @IsUUID('all', { message: 'id must be a UUID' })
  id!: string;
}
