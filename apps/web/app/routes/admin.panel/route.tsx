import { ROUTES, type AdminPanelView, type EnrollmentSortKey } from '@app/contracts';
import { cohortMonthLabel, cohortYearOptions } from '@app/domain';
import {
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useLocation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { AddClientDialog } from './add-client-dialog';
import { secondaryButtonClass, buttonClass } from '~/components/ui/form-styles';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { CreateCohortDialog } from './create-cohort-dialog';
import { EnrollmentFilters } from './enrollment-filters';
import { EnrollmentTable, Pagination, toTableEntry } from '~/components/admin/enrollment-table';
import { ExportCohortForm } from './export-cohort-form';
import { ManageCohortsDialog } from './manage-cohorts-dialog';
import { ToastNotice } from '~/components/admin/toast-notice';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ApiError } from '~/lib/api.server';
import { adminApi, dataWithToast } from '~/lib/session.server';
import { panelAction, type PanelActionData } from './actions.server';
import { filterHref, panelHref, panelHrefPerId, readConfirm, readDialog, readFilters } from './panel-url';

export const meta: MetaFunction = () => [{ title: 'Admin Panel - Enrollment Management' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const filters = readFilters(url.searchParams);
  let view: AdminPanelView;
  try {
    // One call for the page (issue 28): the page of enrollments and every cohort, one admin token check. Paged in the
    // API (50 rows), so the cohort filter goes to the API too: filtering one page would hide rows. The API applies the
    // cohort only when it is one of the list (of the training filtered), as the spec's browser-side filter would show
    // nothing for a cohort of another training, and says which it applied.
    view = await adminApi(request, ROUTES.adminPanel, {
      query: {
        trainingName: filters.trainingName,
        cohortId: filters.cohortId || undefined,
        startDate: filters.startDate,
        endDate: filters.endDate,
        q: filters.q.trim(),
        sort: filters.sort,
        direction: filters.direction,
        page: String(filters.page),
      },
    });
  } catch (error) {
    // A 401 arrives here as the redirect to /admin that adminApi throws; 403 is an evaluator, whose page is the review
    // queue; anything else is the spec's fetch failure.
    if (error instanceof Response && error.status === 403) throw redirect('/admin/reviews');
    if (error instanceof ApiError || error instanceof TypeError) {
      throw new Response('Failed to fetch enrollments', { status: 502 });
    }
    throw error;
  }
  const { enrollments: result, cohorts } = view;
  filters.cohortId = view.cohortId ?? '';
  const enrollments = result.rows;

  const confirm = readConfirm(url.searchParams);
  let confirmDetail: string | null = null;
  if (confirm?.kind === 'delete-enrollment') {
    const target = enrollments.find((e) => e.id === confirm.id);
    confirmDetail = target ? `${target.studentName} (${target.studentEmail}), ${target.trainingName}` : null;
  } else if (confirm?.kind === 'delete-cohort') {
    const target = cohorts.find((c) => c.id === confirm.id);
    confirmDetail = target ? `${target.trainingName}, ${cohortMonthLabel(target.cohortMonth)}` : null;
  }

  return dataWithToast(request, {
    // Only what the table shows: every field of 50 rows is encoded for hydration on each view.
    enrollments: enrollments.map(toTableEntry),
    paging: { page: result.page, pageCount: result.pageCount, total: result.total },
    cohorts,
    filters,
    yearOptions: cohortYearOptions(new Date()),
    dialog: readDialog(url.searchParams),
    clientTraining: url.searchParams.get('clientTraining') ?? filters.trainingName,
    confirm,
    confirmDetail,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return panelAction(request);
}

/** The staff pages the panel leads to, in the order of its buttons. */
const ADMIN_PAGES = [
  ['/admin/reviews', 'Credential Reviews'],
  ['/admin/panel/audit', 'Audit Trail'],
  ['/admin/panel/promotions', 'Promotion Codes'],
  ['/admin/reports', 'Business Overview'],
  ['/admin/panel/waitlist', 'Seats & Waitlist'],
  ['/admin/panel/integrations', 'API Keys & Webhooks'],
  ['/admin/panel/completions', 'Complete a Cohort'],
  ['/admin/panel/trainings', 'Training Settings'],
] as const;

const CONFIRM_QUESTIONS = {
  'delete-enrollment': 'Are you sure you want to delete this enrollment?',
  'delete-cohort': 'Are you sure you want to delete this cohort?',
} as const;

export default function AdminPanelPage() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<PanelActionData>();
  const { search } = useLocation();
  const { enrollments, paging, cohorts, filters, yearOptions, dialog, clientTraining, confirm, confirmDetail } = loaded;
  const sortHref = (key: EnrollmentSortKey) => {
    const current = filters.sort || 'createdAt';
    const currentDirection = filters.direction || (current === 'createdAt' ? 'desc' : 'asc');
    const direction =
      current === key ? (currentDirection === 'asc' ? 'desc' : 'asc') : key === 'createdAt' ? 'desc' : 'asc';
    return filterHref(search, { sort: key, direction, page: '' });
  };
  const rosterQuery = new URLSearchParams(search);
  for (const key of ['dialog', 'confirm', 'id', 'clientTraining', 'page']) rosterQuery.delete(key);
  const closeTo = panelHref(search);
  const notice = result?.toast ?? loaded.toast;

  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <ToastNotice toast={notice} />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">Admin Panel - Enrollment Management</h1>
        <Form method="post" action="/admin/logout">
          <button type="submit" className={secondaryButtonClass}>
            Logout
          </button>
        </Form>
      </div>

      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={panelHref(search, { dialog: 'create-cohort' })} preventScrollReset className={buttonClass}>
          Create Cohort
        </Link>
        <Link to={panelHref(search, { dialog: 'manage-cohorts' })} preventScrollReset className={secondaryButtonClass}>
          Manage Cohorts
        </Link>
        <Link to={panelHref(search, { dialog: 'add-client' })} preventScrollReset className={secondaryButtonClass}>
          Add Client Manually
        </Link>
        {ADMIN_PAGES.map(([to, label]) => (
          <Link key={to} to={to} className={secondaryButtonClass}>
            {label}
          </Link>
        ))}
        <a href={`/admin/roster?${rosterQuery.toString()}`} className={secondaryButtonClass} download>
          Full roster CSV
        </a>
      </div>

      <div className="mt-6 space-y-6">
        <EnrollmentFilters key={search} filters={filters} cohorts={cohorts} />
        <ExportCohortForm cohorts={cohorts} />
        <EnrollmentTable
          enrollments={enrollments}
          deleteHref={panelHrefPerId(search, { confirm: 'delete-enrollment' })}
          detailHref={(id) => `/admin/panel/enrollments/${id}`}
          sorting={{ sort: filters.sort, direction: filters.direction, href: sortHref }}
        />
        <Pagination {...paging} href={(page) => filterHref(search, { page: String(page) })} />
      </div>

      <p className="mt-8">
        <Link to="/paymentplan" className="text-teal-700 underline">
          Back to Payment Plan
        </Link>
      </p>

      {dialog === 'create-cohort' ? (
        <CreateCohortDialog
          closeTo={closeTo}
          yearOptions={yearOptions}
          values={result?.cohortForm}
          fieldErrors={result?.fieldErrors}
          notice={notice}
        />
      ) : null}
      {dialog === 'manage-cohorts' && !confirm ? (
        <ManageCohortsDialog
          closeTo={closeTo}
          cohorts={cohorts}
          deleteHref={(id) => panelHref(search, { dialog: 'manage-cohorts', confirm: 'delete-cohort', id })}
          notice={notice}
        />
      ) : null}
      {dialog === 'add-client' ? (
        <AddClientDialog
          key={result?.clientForm?.trainingName ?? clientTraining}
          closeTo={closeTo}
          cohorts={cohorts}
          initialTraining={clientTraining}
          values={result?.clientForm}
          fieldErrors={result?.fieldErrors}
          notice={notice}
        />
      ) : null}
      {confirm ? (
        <ConfirmDeleteDialog
          intent={confirm.kind}
          id={confirm.id}
          question={CONFIRM_QUESTIONS[confirm.kind]}
          detail={confirmDetail}
          // Cancelling a cohort's deletion returns to the cohorts it was chosen from.
          closeTo={confirm.kind === 'delete-cohort' ? panelHref(search, { dialog: 'manage-cohorts' }) : closeTo}
        />
      ) : null}
    </main>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
