import { AppError } from '../common/errors/app-error';

export class SheetsNotConfiguredError extends AppError {
  constructor() {
    super(
      'CONFLICT',
      'Google Sheets is not configured: set GOOGLE_SHEETS_SPREADSHEET_ID, then connect Gmail again to allow Sheets access',
    );
  }
}

export class SheetsAccessNotGrantedError extends AppError {
  constructor() {
    super('CONFLICT', 'The connected Google account has not allowed Google Sheets access; press Connect Gmail again');
  }
}
