import { AppError } from '../common/errors/app-error';

export class TrainingNotFoundError extends AppError {
  constructor() {
    super('NOT_FOUND', 'No such training');
  }
}
