import { ROUTES } from '@app/contracts';
import { validateCohortExport } from '@app/domain';
import type { LoaderFunctionArgs } from 'react-router';
import { ApiError } from '~/lib/api.server';
import { exportNotice } from '~/lib/form-notices';
import { adminApiResponse, newToast, redirectWithToast } from '~/lib/session.server';

/**
 * The cohort CSV, streamed from the API with its file name. The panel's script asks with X-Admin-Export: fetch and
 * gets failures as JSON for a toast; a plain form submission (no JavaScript) gets them as a notice back on the panel.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const cohortId = new URL(request.url).searchParams.get('cohortId') ?? '';
  const fromScript = request.headers.get('X-Admin-Export') === 'fetch';
  const fail = async (title: string, message: string, status: number) =>
    fromScript
      ? Response.json({ title, message }, { status })
      : redirectWithToast(request, '/admin/panel', newToast('error', title, message));

  const missing = validateCohortExport({ cohortId: cohortId || null, enrollmentCount: 1 });
  if (missing) {
    const notice = exportNotice(missing);
    return fail(notice.title, notice.message, 400);
  }

  let csv: Response;
  try {
    csv = await adminApiResponse(request, ROUTES.adminCohortCsv, { params: { id: cohortId } });
  } catch (error) {
    if (error instanceof ApiError || error instanceof TypeError) return fail('Error', 'Failed to export CSV', 502);
    throw error;
  }
  const count = Number(csv.headers.get('X-Enrollment-Count') ?? '0');
  const empty = validateCohortExport({ cohortId, enrollmentCount: count });
  if (empty) {
    const notice = exportNotice(empty);
    return fail(notice.title, notice.message, 404);
  }

  return new Response(csv.body, {
    headers: {
      'Content-Type': csv.headers.get('Content-Type') ?? 'text/csv; charset=utf-8',
      'Content-Disposition': csv.headers.get('Content-Disposition') ?? 'attachment; filename="cohort.csv"',
      'X-Enrollment-Count': String(count),
      'Cache-Control': 'no-store',
    },
  });
}
