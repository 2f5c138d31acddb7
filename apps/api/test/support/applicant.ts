import type { INestApplication } from '@nestjs/common';
import { APPLICANT_TOKEN_HEADER } from '@app/contracts';
import { randomUUID } from 'node:crypto';
import { ApplicantTokenService } from '../../src/applicants/applicant-token.service';

export const TEST_APPLICANT_TOKEN_SECRET = 'test-applicant-token-secret-0123456789abcdef';

/** Calls as one applicant, the way the web server does: a fresh signed token per request. */
export interface TestApplicant {
  id: string;
  headers(): Record<string, string>;
}

export function testApplicant(app: INestApplication, id: string = randomUUID()): TestApplicant {
  const tokens = app.get(ApplicantTokenService);
  return { id, headers: () => ({ [APPLICANT_TOKEN_HEADER]: tokens.sign(id) }) };
}
