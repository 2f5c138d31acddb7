import { ROUTES } from '@app/contracts';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '~/lib/api.server';
import { applicantApi, optionalApplicant } from '~/lib/applicant.server';

/** The applicant's own document: the API issues a short-lived presigned GET and the browser is sent to it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const applicant = await optionalApplicant(request);
  if (!applicant) throw new Response('Not found', { status: 404 });
  try {
    const { url } = await applicantApi(applicant, ROUTES.documentDownload, {
      params: { id: params.credentialId ?? '', documentId: params.documentId ?? '' },
      request,
    });
    return redirect(url, { headers: { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' } });
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) throw new Response('Not found', { status: 404 });
    throw error;
  }
}
