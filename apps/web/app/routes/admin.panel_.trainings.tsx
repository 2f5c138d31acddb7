import { ROUTES } from '@app/contracts';
import { parseTrainingSettingsForm, trainingSettingsFromForm } from '@app/domain';
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
import { BackLink } from '~/components/back-link';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { FieldError, fieldErrorProps } from '~/components/ui/field-error';
import { ApiError } from '~/lib/api.server';
import { apiFieldErrors, parseForm } from '~/lib/forms.server';
import { adminApi, newToast, redirectWithToast, dataWithToast, type FlashToast } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Training settings - Admin Panel' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const settings = await adminApi(request, ROUTES.adminTrainingSettings);
  return dataWithToast(request, { settings });
}

/** A refused row: the notice, and the message and typed hours shown beside that training's field. */
interface ActionData {
  toast: FlashToast;
  trainingName: string;
  contactHours: string;
  fieldError?: string;
}

export async function action({ request }: ActionFunctionArgs) {
  const parsed = parseForm(await request.formData(), (v) => parseTrainingSettingsForm(trainingSettingsFromForm(v)));
  // The row's training is a hidden field: the API answers 404 for a name it does not know.
  const trainingName = parsed.values.trainingName ?? '';
  const typed = (parsed.values.contactHours ?? '').trim();
  if (!parsed.ok) {
    const problem = parsed.fieldErrors.contactHours;
    return data<ActionData>(
      { toast: newToast('error', 'Failed to save', problem), trainingName, contactHours: typed, fieldError: problem },
      { status: 400 },
    );
  }
  try {
    await adminApi(request, ROUTES.adminUpdateTrainingSettings, { params: { trainingName }, body: parsed.value });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data<ActionData>(
      {
        toast: newToast('error', 'Failed to save', error.text),
        trainingName,
        contactHours: typed,
        fieldError: apiFieldErrors(error)['contactHours'],
      },
      { status: 400 },
    );
  }
  return redirectWithToast(
    request,
    '/admin/panel/trainings',
    newToast('success', `Contact hours of ${trainingName} saved`),
  );
}

export default function TrainingSettingsPage() {
  const { settings, toast } = useLoaderData<typeof loader>();
  const result = useActionData<ActionData>();
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <ToastNotice toast={result?.toast ?? toast} />
      <BackLink to="/admin/panel">Back to the panel</BackLink>
      <h1 className="mt-4 text-2xl font-bold">Training settings</h1>
      <p className="mt-1 text-sm text-slate-600">
        The contact hours a certificate of completion states for each training.
      </p>
      <ul className="mt-4 space-y-3">
        {settings.map((s, i) => {
          const refused = result?.trainingName === s.trainingName ? result : undefined;
          return (
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
                    defaultValue={refused ? refused.contactHours : (s.contactHours ?? '')}
                    placeholder="not set"
                    className={inputClass}
                    {...fieldErrorProps(`hours-${i}-error`, refused?.fieldError)}
                  />
                  <FieldError id={`hours-${i}-error`} message={refused?.fieldError} />
                </div>
                <button type="submit" className={secondaryButtonClass}>
                  Save
                </button>
              </Form>
            </li>
          );
        })}
      </ul>
    </main>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
