import { ROUTES } from '@app/contracts';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '~/lib/api.server';
import { applicantApi, optionalApplicantId } from '~/lib/applicant.server';

/** The applicant's own document: the API issues a short-lived presigned GET and the browser is sent to it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const applicantId = await optionalApplicantId(request);
  if (!applicantId) throw new Response('Not found', { status: 404 });
  try {
    const { url } = await applicantApi(applicantId, ROUTES.documentDownload, {
      params: { id: params.credentialId ?? '', documentId: params.documentId ?? '' },
      request,
    });
    return redirect(url, { headers: { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' } });
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) throw new Response('Not found', { status: 404 });
    throw error;
  }
}
