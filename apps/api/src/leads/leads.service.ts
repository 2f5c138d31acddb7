import { Injectable } from '@nestjs/common';
import type { Lead, SheetsSyncResult } from '@app/contracts';
import { toCsv } from '@app/domain';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import { GmailConnectionService } from '../gmail/gmail-connection.service';
import { GoogleClients, SHEETS_SCOPE } from '../gmail/google-clients';
import { SheetsAccessNotGrantedError, SheetsNotConfiguredError } from './leads.errors';
import { LeadsRepository } from './leads.repository';

export const LEADS_CSV_HEADERS = ['Credential', 'Name', 'Title', 'Email', 'Organization'] as const;

function leadRow(lead: Lead): string[] {
  return [lead.credentialName, lead.name, lead.title ?? '', lead.email ?? '', lead.organization ?? ''];
}

@Injectable()
export class LeadsService {
  constructor(
    private readonly repository: LeadsRepository,
    private readonly connection: GmailConnectionService,
    private readonly google: GoogleClients,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  list(): Promise<Lead[]> {
    return this.repository.listLeads();
  }

  /** The cohort export's rules: every value quoted, formulas neutralised; named leads_YYYY-MM-DD.csv. */
  async exportCsv(today: Date = new Date()): Promise<{ fileName: string; csv: string }> {
    const leads = await this.repository.listLeads();
    return {
      fileName: `leads_${today.toISOString().slice(0, 10)}.csv`,
      csv: toCsv(LEADS_CSV_HEADERS, leads.map(leadRow)),
    };
  }

  /** Appends every lead as a row to the configured spreadsheet's first sheet, written as plain values. */
  async syncToSheets(): Promise<SheetsSyncResult> {
    const spreadsheetId = this.config.google.sheetsSpreadsheetId;
    if (!spreadsheetId) {
      throw new SheetsNotConfiguredError();
    }
    const account = await this.connection.requireAccount();
    if (!account.scopes.includes(SHEETS_SCOPE)) {
      throw new SheetsAccessNotGrantedError();
    }
    const leads = await this.repository.listLeads();
    if (leads.length === 0) return { spreadsheetId, appendedRows: 0, updatedRange: null };
    try {
      const response = await this.google.sheets(account.auth).spreadsheets.values.append({
        spreadsheetId,
        range: 'A1',
        // RAW: Sheets stores the text as typed, so a value starting with '=' is never run as a formula.
        valueInputOption: 'RAW',
        insertDataOption: 'INSERT_ROWS',
        requestBody: { values: leads.map(leadRow) },
      });
      return {
        spreadsheetId,
        appendedRows: response.data.updates?.updatedRows ?? leads.length,
        updatedRange: response.data.updates?.updatedRange ?? null,
      };
    } catch (error) {
      return this.connection.handleGoogleError(error);
    }
  }
}
