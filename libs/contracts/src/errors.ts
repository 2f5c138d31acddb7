/** The one error body every API failure returns. */
export interface ErrorResponse {
  statusCode: number;
  message: string;
  code?: string;
  fieldErrors?: Record<string, string[]>;
}

/** Machine-readable codes carried in ErrorResponse.code so clients can branch without parsing text. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYMENT_FAILED',
  'INTERNAL_ERROR',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INVALID_BODY',
  'SERVICE_UNAVAILABLE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
