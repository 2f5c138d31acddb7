import { ROUTES, type EnrollmentSearchQuery } from '@app/contracts';
import type { LoaderFunctionArgs } from 'react-router';
import { ApiError } from '~/lib/api.server';
import { adminApiResponse, newToast, redirectWithToast } from '~/lib/session.server';
import { FILTER_KEYS } from './admin.panel/panel-url';

/** The panel's filters, without its page: the roster is every matching row. */
const KEYS = FILTER_KEYS.filter((key): key is Exclude<typeof key, 'page'> => key !== 'page') satisfies ReadonlyArray<
  keyof EnrollmentSearchQuery
>;

/** The 'Full roster' CSV of the panel's current filters, streamed from the API with its file name. */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const query = Object.fromEntries(KEYS.map((key) => [key, params.get(key)]));
  let csv: Response;
  try {
    csv = await adminApiResponse(request, ROUTES.adminRosterCsv, { query });
  } catch (error) {
    if (error instanceof ApiError || error instanceof TypeError) {
      return redirectWithToast(request, '/admin/panel', newToast('error', 'Error', 'Failed to export CSV'));
    }
    throw error;
  }
  return new Response(csv.body, {
    headers: {
      'Content-Type': csv.headers.get('Content-Type') ?? 'text/csv; charset=utf-8',
      'Content-Disposition': csv.headers.get('Content-Disposition') ?? 'attachment; filename="Full_roster.csv"',
      'X-Enrollment-Count': csv.headers.get('X-Enrollment-Count') ?? '0',
      'Cache-Control': 'no-store',
    },
  });
}
