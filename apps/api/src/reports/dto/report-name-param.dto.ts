import { ApiProperty } from '@nestjs/swagger';
import { BUSINESS_REPORTS, type BusinessReportName } from '@app/contracts';
import { IsIn } from 'class-validator';

export class ReportNameParamDto {
  @ApiProperty({ enum: BUSINESS_REPORTS })
  @IsIn(BUSINESS_REPORTS, { message: `report must be one of: ${BUSINESS_REPORTS.join(', ')}` })
  report!: BusinessReportName;
}
