import { ROUTES, AUDIT_ACTIONS, type AuditAction } from '@app/contracts';
import { data, Form, Link, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { inputClass } from '~/components/ui/form-styles';
import { Pagination } from '~/components/admin/enrollment-table';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { adminApi } from '~/lib/session.server';
import { LabeledField, FilterActions } from '~/components/admin/form-field';
import { AdminTable } from '~/components/admin/data-table';
import { BackLink } from '~/components/back-link';

export const meta: MetaFunction = () => [{ title: 'Audit Trail - Admin Panel' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const action = (AUDIT_ACTIONS as readonly string[]).includes(params.get('action') ?? '')
    ? (params.get('action') as AuditAction)
    : '';
  const filters = {
    action,
    adminUsername: (params.get('adminUsername') ?? '').slice(0, 100),
    entityId: (params.get('entityId') ?? '').slice(0, 255),
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };
  const page = await adminApi(request, ROUTES.adminAuditEvents, {
    query: {
      action: filters.action,
      adminUsername: filters.adminUsername,
      entityId: filters.entityId,
      page: String(filters.page),
    },
  });
  return data({ page, filters });
}

export default function AuditTrailPage() {
  const { page, filters } = useLoaderData<typeof loader>();
  const href = (n: number) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...filters, page: String(n) }))
      if (value) query.set(key, String(value));
    return `/admin/panel/audit?${query.toString()}`;
  };
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <BackLink to="/admin/panel">Back to Admin Panel</BackLink>
      <h1 className="mt-4 text-2xl font-bold">Audit Trail</h1>
      <Form
        method="get"
        className="mt-4 grid grid-cols-1 gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-4"
        aria-label="Audit filters"
      >
        <LabeledField id="audit-action" label="Action">
          <select id="audit-action" name="action" defaultValue={filters.action} className={inputClass}>
            <option value="">All Actions</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </LabeledField>
        <LabeledField id="audit-admin" label="Admin">
          <input id="audit-admin" name="adminUsername" defaultValue={filters.adminUsername} className={inputClass} />
        </LabeledField>
        <LabeledField id="audit-entity" label="Enrollment or cohort id">
          <input id="audit-entity" name="entityId" defaultValue={filters.entityId} className={inputClass} />
        </LabeledField>
        <FilterActions clearTo="/admin/panel/audit" />
      </Form>
      <AdminTable
        className="mt-4"
        labels={['When (UTC)', 'Admin', 'Action', 'What', 'Changes']}
        rows={page.rows}
        empty="No actions recorded"
        row={(row) => (
          <tr key={row.id}>
            <td className="whitespace-nowrap px-3 py-2">{row.createdAt.replace('T', ' ').slice(0, 19)}</td>
            <td className="px-3 py-2">
              {row.adminUsername ?? (row.action === 'enrollment.cancel-by-trainee' ? 'The trainee' : 'Stripe')}
            </td>
            <td className="px-3 py-2">
              <code>{row.action}</code>
            </td>
            <td className="px-3 py-2">
              {row.summary}
              {row.entityType === 'enrollment' && row.action !== 'enrollment.delete' && row.entityId ? (
                <>
                  {' '}
                  <Link to={`/admin/panel/enrollments/${row.entityId}`} className="text-teal-700 underline">
                    open
                  </Link>
                </>
              ) : null}
            </td>
            <td className="px-3 py-2">
              {Object.keys(row.changes).length ? (
                <details>
                  <summary className="cursor-pointer text-teal-700">details</summary>
                  <pre className="mt-1 max-w-md whitespace-pre-wrap text-xs">
                    {JSON.stringify(row.changes, null, 2)}
                  </pre>
                </details>
              ) : (
                '—'
              )}
            </td>
          </tr>
        )}
      />
      <div className="mt-4">
        <Pagination page={page.page} pageCount={page.pageCount} total={page.total} href={href} noun="event(s)" />
      </div>
    </main>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
