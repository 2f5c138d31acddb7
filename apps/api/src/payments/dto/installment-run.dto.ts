import { ApiProperty } from '@nestjs/swagger';

export class InstallmentRunResultDto {
  @ApiProperty({ description: 'Installments charged in this run' }) charged!: number;
  @ApiProperty({ description: 'Installments declined or failed in this run (their plans are now past due)' })
  failed!: number;
}
