import { ROUTES } from '@app/contracts';
import type { LoaderFunctionArgs } from 'react-router';
import { ApiError } from '~/lib/api.server';
import { adminApiResponse } from '~/lib/session.server';

/** A receipt or credit note as a PDF, for the admin's enrollment page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  let pdf: Response;
  try {
    pdf = await adminApiResponse(request, ROUTES.adminReceiptPdf, { params: { id: params.id ?? '' } });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      throw new Response('Receipt not found', { status: 404 });
    }
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
