import { AppError } from '../common/errors/app-error';

export class StaffHaveNoApplicantAccountError extends AppError {
  constructor() {
    super('FORBIDDEN', 'Staff have no applicant account');
  }
}
