import { ROUTES, type EnrollmentMail } from '@app/contracts';
import {
  Form,
  Link,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { ApiError } from '~/lib/api.server';
import { adminApi, newToast, redirectWithToast } from '~/lib/session.server';
import { AdminTable } from '~/components/admin/data-table';
import { formText, isUuid } from '~/lib/forms.server';

export const meta: MetaFunction = () => [{ title: 'Mails of an enrollment' }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  try {
    return {
      id,
      mails: await adminApi(request, ROUTES.adminEnrollmentMails, { params: { id } }),
    };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw new Response('Enrollment not found', { status: 404 });
    throw error;
  }
}

/** Resend: a failed mail goes back to the outbox with fresh attempts. */
export async function action({ request, params }: ActionFunctionArgs) {
  const mailId = formText(await request.formData(), 'mailId');
  const back = `/admin/enrollments/${encodeURIComponent(params.id ?? '')}/mails`;
  // The mail is the button's hidden id, nothing typed: checked as an id before it goes into the API's URL.
  if (!isUuid(mailId)) return redirectWithToast(request, back, newToast('error', 'Not resent', 'Mail not found'));
  try {
    await adminApi(request, ROUTES.adminResendMail, { params: { id: mailId } });
    return redirectWithToast(request, back, newToast('success', 'Mail queued', 'It will be sent again within seconds'));
  } catch (error) {
    if (error instanceof ApiError && error.status < 500)
      return redirectWithToast(request, back, newToast('error', 'Not resent', error.message));
    throw error;
  }
}

const statusStyle: Record<EnrollmentMail['status'], string> = {
  sent: 'bg-green-100 text-green-800',
  pending: 'bg-slate-100 text-slate-700',
  sending: 'bg-slate-100 text-slate-700',
  failed: 'bg-red-100 text-red-800',
};

export default function EnrollmentMailsPage() {
  const { mails } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <Link to="/admin/panel" className="text-sm text-teal-700 underline">
        Back to the panel
      </Link>
      <h1 className="mt-4 text-2xl font-bold">Mails of this enrollment</h1>
      <AdminTable
        className="mt-4"
        cellClass="px-4 py-3"
        labels={['Subject', 'To', 'Time', 'Status', 'SMTP answer', 'Actions']}
        rows={mails}
        empty="No mails for this enrollment."
        row={(mail) => (
          <tr key={mail.id}>
            <td className="px-4 py-3">{mail.subject}</td>
            <td className="px-4 py-3">{mail.recipient}</td>
            <td className="px-4 py-3">
              {new Date(mail.sentAt ?? mail.createdAt).toISOString().replace('T', ' ').slice(0, 16)} UTC
            </td>
            <td className="px-4 py-3">
              <span className={`rounded px-2 py-0.5 text-xs font-medium ${statusStyle[mail.status]}`}>
                {mail.status}
              </span>
            </td>
            <td className="px-4 py-3 text-xs text-slate-600">
              {mail.status === 'sent' ? mail.smtpResponse : mail.lastError}
            </td>
            <td className="px-4 py-3">
              {mail.status === 'failed' ? (
                <Form method="post">
                  <input type="hidden" name="mailId" value={mail.id} />
                  <button type="submit" className="rounded-md bg-teal-700 px-3 py-1 text-white">
                    Resend
                  </button>
                </Form>
              ) : null}
            </td>
          </tr>
        )}
      />
    </main>
  );
}
