import { AppError } from '../common/errors/app-error';

export class ReceiptNotFoundError extends AppError {
  constructor() {
    super('NOT_FOUND', 'Receipt not found');
  }
}
