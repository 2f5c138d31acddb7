import { ROUTES } from '@app/contracts';
import type { ActionFunctionArgs } from 'react-router';
import { ApiError } from '~/lib/api.server';
import { applicantApi, optionalApplicant } from '~/lib/applicant.server';

/**
 * Same-origin proxy for POST /api/objects/upload, so the browser never needs the API's address; it only PUTs
 * the file to the presigned URL it gets back.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return Response.json({ message: 'Method not allowed' }, { status: 405 });
  // Uploads go to credentials, and only a browser that created one has an applicant identity.
  const applicant = await optionalApplicant(request);
  if (!applicant) return Response.json({ message: 'Create a credential first' }, { status: 401 });
  try {
    return Response.json(await applicantApi(applicant, ROUTES.uploadUrl, { request }));
  } catch (error) {
    if (error instanceof ApiError) return Response.json({ message: error.text }, { status: error.status });
    throw error;
  }
}
