import { ROUTES } from '@app/contracts';
import type { LoaderFunctionArgs } from 'react-router';
import { requireAccountApplicant } from '~/lib/account.server';
import { ApiError } from '~/lib/api.server';
import { applicantApiResponse } from '~/lib/applicant.server';

/** One of the account's receipts as a PDF, streamed from the API with its file name; another account's is 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const applicant = await requireAccountApplicant(request);
  let pdf: Response;
  try {
    pdf = await applicantApiResponse(applicant, ROUTES.accountReceiptPdf, {
      params: { id: params.id ?? '' },
      request,
    });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      throw new Response('Receipt not found', { status: 404 });
    }
    if (error instanceof ApiError && error.status === 401) throw new Response('Sign in first', { status: 401 });
    throw error;
  }
  return new Response(pdf.body, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': pdf.headers.get('Content-Disposition') ?? 'attachment; filename="receipt.pdf"',
      'Cache-Control': 'private, no-store',
    },
  });
}
