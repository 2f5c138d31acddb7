import { ROUTES, type Cohort, type EnrollmentPage, type EnrollmentSortKey } from '@app/contracts';
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
import { EnrollmentTable, Pagination } from '~/components/admin/enrollment-table';
import { ExportCohortForm } from './export-cohort-form';
import { ManageCohortsDialog } from './manage-cohorts-dialog';
import { ToastNotice } from '~/components/admin/toast-notice';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ApiError } from '~/lib/api.server';
import { adminApi, dataWithToast } from '~/lib/session.server';
import { panelAction, type PanelActionData } from './actions.server';
import { filterHref, panelHref, readConfirm, readDialog, readFilters } from './panel-url';

export const meta: MetaFunction = () => [{ title: 'Admin Panel - Enrollment Management' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const filters = readFilters(url.searchParams);
  let result: EnrollmentPage;
  let cohorts: Cohort[];
  // Paged in the API (50 rows), so the cohort filter goes to the API too: filtering one page would hide rows.
  const search = (cohortId: string | undefined) =>
    adminApi(request, ROUTES.adminSearchEnrollments, {
      query: {
        trainingName: filters.trainingName,
        cohortId,
        startDate: filters.startDate,
        endDate: filters.endDate,
        q: filters.q.trim(),
        sort: filters.sort,
        direction: filters.direction,
        page: String(filters.page),
      },
    });
  const wanted = filters.cohortId || undefined;
  try {
    // Both calls at once (issue 28: one round trip per page view): the page is asked for with the cohort the URL
    // names, and asked again without it in the rare case the list below shows it is not one to filter by.
    const [cohortList, guessed] = await Promise.all([
      adminApi(request, ROUTES.adminCohorts),
      search(wanted).catch((error: unknown) => (wanted ? null : Promise.reject(error))),
    ]);
    cohorts = cohortList;
    // A cohort of another training than the one filtered is dropped, as the spec's browser-side filter would show nothing.
    const cohortFilter = cohorts.find(
      (c) => c.id === filters.cohortId && (!filters.trainingName || c.trainingName === filters.trainingName),
    );
    result = guessed !== null && cohortFilter?.id === wanted ? guessed : await search(cohortFilter?.id);
    filters.cohortId = cohortFilter?.id ?? '';
  } catch (error) {
    // A 401 arrives here as the redirect to /admin that adminApi throws; 403 is an evaluator, whose page is the review
    // queue; anything else is the spec's fetch failure.
    if (error instanceof Response && error.status === 403) throw redirect('/admin/reviews');
    if (error instanceof ApiError || error instanceof TypeError) {
      throw new Response('Failed to fetch enrollments', { status: 502 });
    }
    throw error;
  }
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
    enrollments,
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
          deleteHref={(id) => panelHref(search, { confirm: 'delete-enrollment', id })}
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
