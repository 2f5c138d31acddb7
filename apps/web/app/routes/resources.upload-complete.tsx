import { ROUTES, type UploadCompleteRequest } from '@app/contracts';
import type { ActionFunctionArgs } from 'react-router';
import { ApiError } from '~/lib/api.server';
import { applicantApi, optionalApplicant } from '~/lib/applicant.server';

const FIELDS: readonly (keyof UploadCompleteRequest)[] = [
  'uploadURL',
  'credentialId',
  'fileName',
  'fileSize',
  'fileType',
  'documentType',
];

/**
 * Same-origin proxy for PUT /api/documents/upload-complete: registers one file the browser uploaded. The fields go
 * to the API as they came, even when some are missing or wrong: the API does every check (issued key, size, real type,
 * credential) and, on a refusal, deletes the object it issued. Its message comes back as { message }.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return Response.json({ message: 'Method not allowed' }, { status: 405 });
  const applicant = await optionalApplicant(request);
  if (!applicant) return Response.json({ message: 'Credential not found' }, { status: 404 });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return Response.json({ message: 'The request body must be JSON' }, { status: 400 });
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return Response.json({ message: 'The request body must be a JSON object' }, { status: 400 });
  }
  const received = body as Record<string, unknown>;
  const fields = Object.fromEntries(
    FIELDS.filter((field) => received[field] !== undefined).map((field) => [field, received[field]]),
  );
  try {
    const document = await applicantApi(applicant, ROUTES.uploadComplete, {
      // The browser's fields as received: the API validates them and answers with the field errors.
      body: fields as unknown as UploadCompleteRequest,
      request,
    });
    return Response.json(document);
  } catch (error) {
    if (error instanceof ApiError) return Response.json({ message: error.text }, { status: error.status });
    throw error;
  }
}
