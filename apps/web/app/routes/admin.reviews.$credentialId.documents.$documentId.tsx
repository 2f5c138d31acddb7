import { ROUTES } from '@app/contracts';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '~/lib/api.server';
import { adminApi } from '~/lib/session.server';

/** A staff download: the API issues a short-lived presigned GET (attachment, checked type) and the browser follows it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  try {
    const { url } = await adminApi(request, ROUTES.documentDownload, {
      params: { id: params.credentialId ?? '', documentId: params.documentId ?? '' },
    });
    return redirect(url, { headers: { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' } });
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) throw new Response('Not found', { status: 404 });
    throw error;
  }
}
