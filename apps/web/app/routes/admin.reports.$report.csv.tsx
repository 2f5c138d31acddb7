import { ROUTES, isBusinessReportName } from '@app/contracts';
import type { LoaderFunctionArgs } from 'react-router';
import { ApiError } from '~/lib/api.server';
import { adminApiResponse, newToast, redirectWithToast } from '~/lib/session.server';

/** One report of the business overview as CSV, streamed from the API with its file name. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const report = params.report;
  if (!isBusinessReportName(report)) throw new Response('No such report', { status: 404 });
  let csv: Response;
  try {
    csv = await adminApiResponse(request, ROUTES.adminBusinessReportCsv, { params: { report } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) throw new Response('Forbidden', { status: 403 });
    if (error instanceof ApiError || error instanceof TypeError) {
      return redirectWithToast(request, '/admin/reports', newToast('error', 'Error', 'Failed to export CSV'));
    }
    throw error;
  }
  return new Response(csv.body, {
    headers: {
      'Content-Type': csv.headers.get('Content-Type') ?? 'text/csv; charset=utf-8',
      'Content-Disposition': csv.headers.get('Content-Disposition') ?? `attachment; filename="${report}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}
