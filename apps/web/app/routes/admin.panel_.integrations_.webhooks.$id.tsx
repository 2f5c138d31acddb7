import { ROUTES } from '@app/contracts';
import {
  data,
  Form,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { secondaryButtonClass } from '~/components/ui/form-styles';
import { AdminTable } from '~/components/admin/data-table';
import { Pagination } from '~/components/admin/enrollment-table';
import { ToastNotice } from '~/components/admin/toast-notice';
import { BackLink } from '~/components/back-link';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ApiError } from '~/lib/api.server';
import { adminApi, newToast, redirectWithToast, dataWithToast, type FlashToast } from '~/lib/session.server';
import { formText, isUuid } from '~/lib/forms.server';

export const meta: MetaFunction = () => [{ title: 'Webhook Deliveries - Admin Panel' }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = Math.max(1, Math.floor(Number(new URL(request.url).searchParams.get('page'))) || 1);
  const log = await adminApi(request, ROUTES.adminWebhookDeliveries, {
    params: { id: params.id ?? '' },
    query: { page: String(page) },
  });
  return dataWithToast(request, { log });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get('intent') !== 'resend') {
    return data<{ toast: FlashToast }>({ toast: newToast('error', 'Error', 'Unknown action') }, { status: 400 });
  }
  // The delivery is the button's hidden id, nothing typed: checked as an id before it goes into the API's URL.
  const deliveryId = formText(form, 'id');
  if (!isUuid(deliveryId)) {
    return data<{ toast: FlashToast }>(
      { toast: newToast('error', 'Not resent', 'Delivery not found') },
      { status: 400 },
    );
  }
  try {
    await adminApi(request, ROUTES.adminResendWebhookDelivery, { params: { id: deliveryId } });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data<{ toast: FlashToast }>({ toast: newToast('error', 'Not resent', error.text) }, { status: 400 });
  }
  return redirectWithToast(
    request,
    new URL(request.url).pathname + new URL(request.url).search,
    newToast(
      'success',
      'Delivery queued again',
      `It keeps its webhook-id, so the receiver can tell it is the same event (${String(params.id)})`,
    ),
  );
}

const when = (value: string | null) =>
  value ? new Date(value).toISOString().slice(0, 19).replace('T', ' ') + ' UTC' : '—';

export default function WebhookDeliveriesPage() {
  const { log, toast } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <ToastNotice toast={result?.toast ?? toast} />
      <BackLink to="/admin/panel/integrations">Back to Integrations</BackLink>
      <h1 className="mt-4 text-2xl font-bold">Deliveries</h1>
      <p className="mt-1 break-all text-slate-600">
        {log.endpoint.url} · {log.endpoint.active ? 'On' : 'Off'}
      </p>
      <AdminTable
        className="mt-4"
        labels={[
          'Event',
          'webhook-id',
          'Status',
          'Attempts',
          'Response',
          'Time',
          <span className="sr-only">Actions</span>,
        ]}
        rows={log.rows}
        empty="No deliveries yet"
        row={(delivery) => (
          <tr key={delivery.id}>
            <td className="px-3 py-2">
              <code>{delivery.eventType}</code>
            </td>
            <td className="px-3 py-2 font-mono text-xs break-all">{delivery.messageId}</td>
            <td className="px-3 py-2">
              {delivery.status}
              {delivery.lastError ? <span className="block text-red-700">{delivery.lastError}</span> : null}
              {delivery.nextAttemptAt ? (
                <span className="block text-slate-500">Next attempt {when(delivery.nextAttemptAt)}</span>
              ) : null}
            </td>
            <td className="px-3 py-2">{delivery.attempts}</td>
            <td className="px-3 py-2">{delivery.responseCode ?? '—'}</td>
            <td className="px-3 py-2">{when(delivery.deliveredAt ?? delivery.createdAt)}</td>
            <td className="px-3 py-2">
              {delivery.status === 'sending' ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="resend" />
                  <input type="hidden" name="id" value={delivery.id} />
                  <button type="submit" className={secondaryButtonClass} aria-label={`Resend ${delivery.messageId}`}>
                    Resend
                  </button>
                </Form>
              )}
            </td>
          </tr>
        )}
      />
      <div className="mt-4">
        <Pagination
          page={log.page}
          pageCount={log.pageCount}
          total={log.total}
          href={(n) => `?page=${n}`}
          noun="delivery(ies)"
        />
      </div>
    </main>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
