import type { INestApplication } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { APPLICANT_TOKEN_HEADER } from '@app/contracts';
import { randomUUID } from 'node:crypto';
import { ApplicantSessionsService } from '../../src/applicants/applicant-sessions.service';
import { ApplicantTokenService } from '../../src/applicants/applicant-token.service';

export const TEST_APPLICANT_TOKEN_SECRET = 'test-applicant-token-secret-0123456789abcdef';

/** Calls as one applicant, the way the web server does: a fresh signed token per request (with its session, if any). */
export interface TestApplicant {
  id: string;
  session: string | null;
  headers(): Record<string, string>;
}

export function testApplicant(
  app: INestApplication,
  id: string = randomUUID(),
  session: string | null = null,
): TestApplicant {
  const tokens = app.get(ApplicantTokenService);
  return { id, session, headers: () => ({ [APPLICANT_TOKEN_HEADER]: tokens.sign(id, 60, session) }) };
}

/**
 * The same applicant signed in, as the sign-in link leaves a browser: a new session in the API, named in every token.
 * An account (an applicant with an email) is reached only this way.
 */
export async function withSession(app: INestApplication, applicant: { id: string }): Promise<TestApplicant> {
  const session = await app.get(ApplicantSessionsService).start(app.get(EntityManager).fork(), applicant.id);
  return testApplicant(app, applicant.id, session);
}
