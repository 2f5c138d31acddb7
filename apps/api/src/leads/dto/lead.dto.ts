import { ApiProperty } from '@nestjs/swagger';
import type { Lead, SheetsSyncResult } from '@app/contracts';

export class LeadDto implements Lead {
  @ApiProperty({ format: 'uuid' }) credentialId!: string;
  @ApiProperty() credentialName!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true }) title!: string | null;
  @ApiProperty({ type: String, nullable: true }) email!: string | null;
  @ApiProperty({ type: String, nullable: true }) organization!: string | null;
}

export class SheetsSyncResultDto implements SheetsSyncResult {
  @ApiProperty() spreadsheetId!: string;
  @ApiProperty({ description: 'Rows Google Sheets reports as appended' }) appendedRows!: number;
  @ApiProperty({ type: String, nullable: true, example: 'Sheet1!A2:E7' }) updatedRange!: string | null;
}
