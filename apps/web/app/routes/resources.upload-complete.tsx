import type { CredentialDocument, UploadCompleteRequest } from '@app/contracts';
import type { ActionFunctionArgs } from '@remix-run/node';
import { api, ApiError } from '~/lib/api.server';

function isUploadComplete(value: unknown): value is UploadCompleteRequest {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return (
    typeof body.uploadURL === 'string' &&
    typeof body.credentialId === 'string' &&
    typeof body.fileName === 'string' &&
    typeof body.fileSize === 'number' &&
    typeof body.fileType === 'string'
  );
}

/**
 * Same-origin proxy for PUT /api/documents/upload-complete: registers one file the browser uploaded. The API
 * does every check (issued key, size, real type, credential); its message comes back as { message }.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return Response.json({ message: 'Method not allowed' }, { status: 405 });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return Response.json({ message: 'The request body must be JSON' }, { status: 400 });
  }
  if (!isUploadComplete(body)) {
    return Response.json({ message: 'uploadURL, credentialId, fileName, fileSize and fileType are required' }, { status: 400 });
  }
  const { uploadURL, credentialId, fileName, fileSize, fileType, documentType } = body;
  try {
    const document = await api<CredentialDocument>('/api/documents/upload-complete', {
      method: 'PUT',
      body: { uploadURL, credentialId, fileName, fileSize, fileType, ...(documentType ? { documentType } : {}) },
      request,
    });
    return Response.json(document);
  } catch (error) {
    if (error instanceof ApiError) return Response.json({ message: error.text }, { status: error.status });
    throw error;
  }
}
