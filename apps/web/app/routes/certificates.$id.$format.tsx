import { APPLICANT_TOKEN_HEADER, ROUTES } from '@app/contracts';
import type { LoaderFunctionArgs } from 'react-router';
import { ApiError, callApiResponse } from '~/lib/api.server';
import { applicantToken, optionalApplicant } from '~/lib/applicant.server';
import { adminApiResponse, optionalAdminToken } from '~/lib/session.server';
import { isUuid } from '~/lib/forms.server';

/** A certificate's PDF or signed JSON: for the admin (session) or the trainee signed in with its email. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const format = params.format;
  if (!isUuid(id) || (format !== 'pdf' && format !== 'json')) throw new Response('Not found', { status: 404 });
  const route = format === 'pdf' ? ROUTES.certificatePdf : ROUTES.certificateCredential;
  let response: Response;
  try {
    if (await optionalAdminToken(request)) {
      response = await adminApiResponse(request, route, { params: { id } });
    } else {
      const applicant = await optionalApplicant(request);
      if (!applicant) throw new Response('Sign in to download your certificate', { status: 404 });
      response = await callApiResponse(route, {
        params: { id },
        headers: { [APPLICANT_TOKEN_HEADER]: applicantToken(applicant) },
      });
    }
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 401)) {
      throw new Response('Certificate not found', { status: 404 });
    }
    throw error;
  }
  return new Response(response.body, {
    headers: {
      'Content-Type': format === 'pdf' ? 'application/pdf' : 'application/json',
      'Content-Disposition': response.headers.get('Content-Disposition') ?? `attachment; filename="${id}.${format}"`,
      'Cache-Control': 'no-store',
    },
  });
}
