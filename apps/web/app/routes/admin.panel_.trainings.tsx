import { ROUTES } from '@app/contracts';
import { contactHoursError } from '@app/domain';
import {
  data,
  Form,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { inputClass, secondaryButtonClass } from '~/components/admin/admin-dialog';
import { ToastNotice } from '~/components/admin/toast-notice';
import { BackLink } from '~/components/back-link';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ApiError } from '~/lib/api.server';
import { adminApi, newToast, redirectWithToast, takeToast, type FlashToast } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Training settings - Admin Panel' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const settings = await adminApi(request, ROUTES.adminTrainingSettings);
  const { toast, headers } = await takeToast(request);
  return data({ settings, toast }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const trainingName = String(form.get('trainingName') ?? '');
  const typed = String(form.get('contactHours') ?? '').trim();
  const problem = contactHoursError(typed);
  if (problem) {
    return data<{ toast: FlashToast }>({ toast: newToast('error', 'Failed to save', problem) }, { status: 400 });
  }
  try {
    await adminApi(request, ROUTES.adminUpdateTrainingSettings, {
      params: { trainingName },
      body: { contactHours: Number(typed) },
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data<{ toast: FlashToast }>({ toast: newToast('error', 'Failed to save', error.text) }, { status: 400 });
  }
  return redirectWithToast(
    request,
    '/admin/panel/trainings',
    newToast('success', `Contact hours of ${trainingName} saved`),
  );
}

export default function TrainingSettingsPage() {
  const { settings, toast } = useLoaderData<typeof loader>();
  const result = useActionData<{ toast: FlashToast }>();
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <ToastNotice toast={result?.toast ?? toast} />
      <BackLink to="/admin/panel">Back to the panel</BackLink>
      <h1 className="mt-4 text-2xl font-bold">Training settings</h1>
      <p className="mt-1 text-sm text-slate-600">
        The contact hours a certificate of completion states for each training.
      </p>
      <ul className="mt-4 space-y-3">
        {settings.map((s, i) => (
          <li key={s.trainingName}>
            <Form method="post" className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="trainingName" value={s.trainingName} />
              <div>
                <label htmlFor={`hours-${i}`} className="block text-sm font-medium">
                  {s.trainingName}: contact hours
                </label>
                <input
                  id={`hours-${i}`}
                  name="contactHours"
                  inputMode="decimal"
                  defaultValue={s.contactHours ?? ''}
                  placeholder="not set"
                  className={inputClass}
                />
              </div>
              <button type="submit" className={secondaryButtonClass}>
                Save
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </main>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
