import { APPLICANT_TOKEN_AUDIENCE, APPLICANT_TOKEN_HEADER } from '@app/contracts';
import { createCookie } from 'react-router';
import jwt from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { e2e } from './browser';

/** An applicant as the web server sees one: an id in its signed cookie, a signed token on each API call. */
export interface E2eApplicant {
  id: string;
  headers(): Record<string, string>;
}

export function newApplicant(id: string = randomUUID()): E2eApplicant {
  return {
    id,
    headers: () => ({
      [APPLICANT_TOKEN_HEADER]: jwt.sign({ sub: id }, e2e.applicantTokenSecret, {
        audience: APPLICANT_TOKEN_AUDIENCE,
        expiresIn: 60,
        algorithm: 'HS256',
      }),
    }),
  };
}

/** The Cookie header of a browser that is this applicant (the web server's signed cookie, signed the same way). */
export async function applicantCookieHeader(applicant: E2eApplicant): Promise<string> {
  const cookie = createCookie('__applicant', {
    secrets: [e2e.sessionSecret],
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
  });
  return (await cookie.serialize(applicant.id)).split(';')[0];
}

/** Makes a browser context this applicant's, as if it had created their first credential itself. */
export async function actAs(context: BrowserContext, applicant: E2eApplicant): Promise<void> {
  const value = (await applicantCookieHeader(applicant)).split('=').slice(1).join('=');
  await context.addCookies([{ name: '__applicant', value, url: e2e.webUrl, httpOnly: true, sameSite: 'Lax' }]);
}

/** Puts one document on a credential the way the Uppy dialog does: a presigned URL, one PUT to storage, registration. */
export async function uploadDocument(
  owner: E2eApplicant,
  credentialId: string,
  fileName: string,
  fileType: string,
  bytes: Buffer,
): Promise<void> {
  const presign = await fetch(`${e2e.apiUrl}/api/objects/upload`, { method: 'POST', headers: owner.headers() });
  expect(presign.ok).toBe(true);
  const { uploadURL } = (await presign.json()) as { uploadURL: string };
  const put = await fetch(uploadURL, {
    method: 'PUT',
    body: new Uint8Array(bytes),
    headers: { 'content-type': fileType },
  });
  expect(put.ok).toBe(true);
  const registered = await fetch(`${e2e.apiUrl}/api/documents/upload-complete`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...owner.headers() },
    body: JSON.stringify({ uploadURL, credentialId, fileName, fileSize: bytes.length, fileType }),
  });
  expect(registered.ok).toBe(true);
}

/** Creates a credential of this applicant with these documents through the API and waits until its analysis has completed. */
export async function analyzedCredential(
  owner: E2eApplicant,
  name: string,
  documents: Array<{ fileName: string; fileType: string; bytes: Buffer }>,
): Promise<string> {
  const created = await fetch(`${e2e.apiUrl}/api/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...owner.headers() },
    body: JSON.stringify({ name }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const document of documents)
    await uploadDocument(owner, id, document.fileName, document.fileType, document.bytes);
  const analyze = await fetch(`${e2e.apiUrl}/api/credentials/${id}/analyze`, {
    method: 'POST',
    headers: owner.headers(),
  });
  expect(analyze.ok).toBe(true);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { status } = (await (
      await fetch(`${e2e.apiUrl}/api/credentials/${id}`, { headers: owner.headers() })
    ).json()) as { status: string };
    if (status === 'completed') return id;
    if (status === 'failed' || Date.now() > deadline) throw new Error(`The analysis of '${name}' ended ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
