import { AppError } from '../common/errors/app-error';

export class MailNotFoundError extends AppError {
  constructor() {
    super('NOT_FOUND', 'Mail not found');
  }
}

export class MailNotFailedError extends AppError {
  constructor() {
    super('CONFLICT', 'Only a failed mail can be resent');
  }
}
