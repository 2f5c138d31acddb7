export interface LoginRequest {
  username: string;
  password: string;
}

export interface LoginResponse {
  success: boolean;
  token?: string;
  /** 'admin' or 'evaluator' (StaffRole); evaluators review credentials only. */
  role?: 'admin' | 'evaluator';
  message: string;
}

export interface LogoutResponse {
  success: boolean;
  message: string;
}
