import { ROUTES, REVIEW_QUEUE_STATUSES, type ReviewQueueStatus } from '@app/contracts';
import { REVIEW_QUEUE_LABELS } from '@app/domain';
import {
  data,
  Form,
  Link,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import {
  buttonClass,
  dangerButtonClass,
  inputClass,
  labelClass,
  secondaryButtonClass,
} from '~/components/ui/form-styles';
import { ToastNotice } from '~/components/admin/toast-notice';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ApiError } from '~/lib/api.server';
import { adminApi, newToast, redirectWithToast, takeToast } from '~/lib/session.server';
import { LabeledField } from '~/components/admin/form-field';
import { HeaderCells, EmptyRow } from '~/components/admin/data-table';

export const meta: MetaFunction = () => [{ title: 'Credential Reviews' }];

function readStatus(value: string | null): ReviewQueueStatus {
  return REVIEW_QUEUE_STATUSES.find((status) => status === value) ?? 'awaiting';
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const status = readStatus(url.searchParams.get('status'));
  const search = (url.searchParams.get('search') ?? '').slice(0, 200);
  const items = await adminApi(request, ROUTES.reviewQueue, { query: { status, search } });
  const { toast, headers } = await takeToast(request);
  return data({ items, status, search, toast }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'erase-email') {
    const email = String(form.get('email') ?? '').trim();
    if (form.get('confirm') !== 'yes') {
      return redirectWithToast(
        request,
        '/admin/reviews',
        newToast('error', 'Not erased', 'Tick the box to confirm the erasure'),
      );
    }
    try {
      const result = await adminApi(request, ROUTES.eraseByEmail, { body: { email } });
      const summary = `${result.credentials} credential(s), ${result.leadContacts} lead contact(s), ${result.emailDrafts} draft(s), ${result.signInTokens} sign-in link(s) and ${result.mails} mail(s) erased`;
      return redirectWithToast(request, '/admin/reviews', newToast('success', 'Erased', summary));
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) {
        return redirectWithToast(
          request,
          '/admin/reviews',
          newToast('error', 'Not erased', error.body?.message ?? error.text),
        );
      }
      throw error;
    }
  }
  return data({ message: 'Unknown action' }, { status: 400 });
}

export default function ReviewQueuePage() {
  const { items, status, search, toast } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <ToastNotice toast={toast} />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">Credential Reviews</h1>
        <div className="flex gap-2">
          <Link to="/admin/panel" className={secondaryButtonClass}>
            Enrollments
          </Link>
          <Form method="post" action="/admin/logout">
            <button type="submit" className={secondaryButtonClass}>
              Logout
            </button>
          </Form>
        </div>
      </div>

      <nav aria-label="Review status" className="mt-6 flex flex-wrap gap-2">
        {REVIEW_QUEUE_STATUSES.map((option) => (
          <Link
            key={option}
            to={`?${new URLSearchParams({ status: option, ...(search ? { search } : {}) })}`}
            aria-current={option === status ? 'page' : undefined}
            className={option === status ? buttonClass : secondaryButtonClass}
          >
            {REVIEW_QUEUE_LABELS[option]}
          </Link>
        ))}
      </nav>

      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2">
        <input type="hidden" name="status" value={status} />
        <LabeledField id="review-search" label="Search">
          <input
            id="review-search"
            name="search"
            type="search"
            defaultValue={search}
            placeholder="Credential, email or id"
            className={inputClass}
          />
        </LabeledField>
        <button type="submit" className={secondaryButtonClass}>
          Search
        </button>
      </Form>

      <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full text-sm" data-testid="review-queue">
          <caption className="sr-only">{REVIEW_QUEUE_LABELS[status]} credentials</caption>
          <thead className="bg-slate-100 text-left">
            <tr>
              <HeaderCells
                className="px-3 py-2"
                labels={[
                  'Credential',
                  'Applicant',
                  'Documents',
                  'Recommended',
                  'Awarded',
                  status === 'awaiting' ? 'Completed' : 'Decided',
                ]}
              />
            </tr>
          </thead>
          <tbody>
            {items.length === 0 && (
              <EmptyRow colSpan={6} className="px-3 py-4 text-slate-700">
                Nothing here.
              </EmptyRow>
            )}
            {items.map((item) => (
              <tr key={item.credentialId} className="border-t border-slate-100" data-testid="review-row">
                <td className="px-3 py-2">
                  <Link to={`/admin/reviews/${item.credentialId}`} className="font-medium text-teal-800 underline">
                    {item.credentialName}
                  </Link>
                </td>
                <td className="px-3 py-2">{item.applicantEmail ?? 'Anonymous'}</td>
                <td className="px-3 py-2">{item.documentCount}</td>
                <td className="px-3 py-2">{item.recommendedCredits ?? '-'}</td>
                <td className="px-3 py-2">{item.awardedCredits ?? '-'}</td>
                <td className="px-3 py-2">{new Date(item.decidedAt ?? item.completedAt).toISOString().slice(0, 10)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <section aria-labelledby="erase-title" className="mt-8 max-w-xl rounded-lg border border-red-200 bg-white p-4">
        <h2 id="erase-title" className="font-semibold">
          Erase an applicant&apos;s data
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Deletes the account with this email and all its credentials and files, the address in other credentials&apos;
          contacts, drafts to it and its sign-in links. This cannot be undone.
        </p>
        <Form method="post" className="mt-3 space-y-2">
          <input type="hidden" name="intent" value="erase-email" />
          <label htmlFor="erase-email" className={labelClass}>
            Email address
          </label>
          <input id="erase-email" name="email" type="email" required className={inputClass} />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="confirm" value="yes" required /> I understand this erases everything about this
            address
          </label>
          <button type="submit" className={dangerButtonClass}>
            Erase
          </button>
        </Form>
      </section>
    </main>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
