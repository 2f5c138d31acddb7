import { ROUTES } from '@app/contracts';
import { cohortMonthLabel } from '@app/domain';
import {
  data,
  Form,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { inputClass, secondaryButtonClass } from '~/components/ui/form-styles';
import { ToastNotice } from '~/components/admin/toast-notice';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ApiError } from '~/lib/api.server';
import { adminApi, newToast, redirectWithToast, takeToast, type FlashToast } from '~/lib/session.server';
import { EmptyRow } from '~/components/admin/data-table';
import { BackLink } from '~/components/back-link';
import { formText } from '~/lib/forms.server';

export const meta: MetaFunction = () => [{ title: 'Seats and Waitlist - Admin Panel' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const [cohorts, waitlist] = await Promise.all([
    adminApi(request, ROUTES.adminCohorts),
    adminApi(request, ROUTES.adminWaitlist),
  ]);
  const { toast, headers } = await takeToast(request);
  return data({ cohorts, waitlist, toast }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const fail = (title: string, error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
    return data<{ toast: FlashToast }>({ toast: newToast('error', title, error.text) }, { status: 400 });
  };
  switch (formText(form, 'intent')) {
    case 'set-capacity': {
      const typed = formText(form, 'capacity').trim();
      const capacity = typed === '' ? null : Number(typed);
      if (capacity !== null && !(Number.isInteger(capacity) && capacity >= 0 && capacity <= 10000)) {
        return data(
          {
            toast: newToast(
              'error',
              'Failed to update cohort',
              'Capacity must be a whole number from 0 to 10000, or empty for no limit',
            ),
          },
          { status: 400 },
        );
      }
      try {
        await adminApi(request, ROUTES.adminSetCohortCapacity, {
          params: { id: formText(form, 'id') },
          body: { capacity },
        });
      } catch (error) {
        return fail('Failed to update cohort', error);
      }
      return redirectWithToast(request, '/admin/panel/waitlist', newToast('success', 'Cohort updated successfully'));
    }
    case 'offer': {
      try {
        await adminApi(request, ROUTES.adminOfferSeat, { params: { entryId: formText(form, 'id') } });
      } catch (error) {
        return fail('Failed to offer the seat', error);
      }
      return redirectWithToast(
        request,
        '/admin/panel/waitlist',
        newToast(
          'success',
          'Seat offer recorded',
          'The student is mailed the offer with a link to enroll (a second offer sends no second mail)',
        ),
      );
    }
    default:
      return data({ toast: newToast('error', 'Error', 'Unknown action') }, { status: 400 });
  }
}

export default function SeatsAndWaitlistPage() {
  const { cohorts, waitlist, toast } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const cohortName = (id: string) => {
    const cohort = cohorts.find((c) => c.id === id);
    return cohort ? `${cohort.trainingName} - ${cohortMonthLabel(cohort.cohortMonth)}` : id;
  };
  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <ToastNotice toast={result?.toast ?? toast} />
      <BackLink to="/admin/panel">Back to Admin Panel</BackLink>
      <h1 className="mt-4 text-2xl font-bold">Seats and Waitlist</h1>
      <table className="mt-4 min-w-full divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
        <thead className="bg-slate-50 text-left">
          <tr>
            <th className="px-3 py-2">Cohort</th>
            <th className="px-3 py-2">Seats left</th>
            <th className="px-3 py-2">Capacity (empty: no limit)</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {cohorts.length === 0 ? (
            <EmptyRow colSpan={3} className="px-3 py-6 text-center text-slate-500">
              No cohorts found
            </EmptyRow>
          ) : (
            cohorts.map((cohort) => (
              <tr key={cohort.id}>
                <td className="px-3 py-2">{cohortName(cohort.id)}</td>
                <td className="px-3 py-2">{cohort.seatsLeft === null ? 'No limit' : cohort.seatsLeft}</td>
                <td className="px-3 py-2">
                  <Form method="post" className="flex gap-2">
                    <input type="hidden" name="intent" value="set-capacity" />
                    <input type="hidden" name="id" value={cohort.id} />
                    <input
                      name="capacity"
                      type="number"
                      min={0}
                      max={10000}
                      defaultValue={cohort.capacity ?? ''}
                      aria-label={`Capacity of ${cohortName(cohort.id)}`}
                      className={`${inputClass} w-28`}
                    />
                    <button type="submit" className={secondaryButtonClass}>
                      Save
                    </button>
                  </Form>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>

      <h2 className="mt-8 text-lg font-semibold">Waitlist</h2>
      {waitlist.length === 0 ? (
        <p className="mt-2 text-slate-500">Nobody is waiting.</p>
      ) : (
        <table className="mt-2 min-w-full divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
          <thead className="bg-slate-50 text-left">
            <tr>
              <th className="px-3 py-2">Cohort</th>
              <th className="px-3 py-2">Name</th>
              <th className="px-3 py-2">Email</th>
              <th className="px-3 py-2">Joined</th>
              <th className="px-3 py-2">Offer</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {waitlist.map((entry) => (
              <tr key={entry.id}>
                <td className="px-3 py-2">{cohortName(entry.cohortId)}</td>
                <td className="px-3 py-2">{entry.name}</td>
                <td className="px-3 py-2">{entry.email}</td>
                <td className="px-3 py-2">{entry.createdAt.slice(0, 10)}</td>
                <td className="px-3 py-2">
                  {entry.offeredAt ? (
                    `Offered ${entry.offeredAt.slice(0, 10)}`
                  ) : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="offer" />
                      <input type="hidden" name="id" value={entry.id} />
                      <button type="submit" className={secondaryButtonClass}>
                        Offer a seat
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
