import type { UploadUrlResponse } from '@app/contracts';
import type { ActionFunctionArgs } from '@remix-run/node';
import { api, ApiError } from '~/lib/api.server';

/**
 * Same-origin proxy for POST /api/objects/upload, so the browser never needs the API's address; it only PUTs
 * the file to the presigned URL it gets back.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return Response.json({ message: 'Method not allowed' }, { status: 405 });
  try {
    return Response.json(await api<UploadUrlResponse>('/api/objects/upload', { method: 'POST', request }));
  } catch (error) {
    if (error instanceof ApiError) return Response.json({ message: error.text }, { status: error.status });
    throw error;
  }
}
