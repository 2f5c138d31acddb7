import { ROUTES, type Cohort, type CreateEnrollmentRequest } from '@app/contracts';
import {
  cohortMonthFromParts,
  cohortYearOptions,
  ENROLLMENT_FORM_FIELDS,
  ENROLLMENT_FORM_MESSAGES,
  parseEnrollmentForm,
  parsePaymentAmountCents,
  validateCohortForm,
  type EnrollmentFormErrors,
} from '@app/domain';
import { data } from 'react-router';
import { ApiError } from '~/lib/api.server';
import { adminApi, newToast, redirectWithToast, type FlashToast } from '~/lib/session.server';
import { asTrainingName, panelHref, type ClientFormValues } from './panel-url';
import { formText } from '~/lib/forms.server';

export type { ClientFormValues };

export interface PanelActionData {
  toast?: FlashToast;
  fieldErrors?: Record<string, string>;
  cohortForm?: { trainingName: string; month: string; year: string; capacity?: string };
  clientForm?: ClientFormValues;
}

function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.text : undefined;
}

/** Another failure than an expired session: anything but the redirect that adminApi throws on 401. */
function failure(error: unknown): error is ApiError | TypeError {
  return error instanceof ApiError || error instanceof TypeError;
}

async function createCohort(request: Request, form: FormData, search: string) {
  const cohortForm = {
    trainingName: formText(form, 'trainingName'),
    month: formText(form, 'month'),
    year: formText(form, 'year'),
    capacity: formText(form, 'capacity').trim(),
  };
  const invalid = validateCohortForm(cohortForm);
  if (invalid)
    return data<PanelActionData>(
      { toast: newToast('error', invalid.title, invalid.message), cohortForm },
      { status: 400 },
    );
  const trainingName = asTrainingName(cohortForm.trainingName);
  const month = Number(cohortForm.month);
  const year = Number(cohortForm.year);
  if (!trainingName || !(month >= 1 && month <= 12) || !cohortYearOptions(new Date()).includes(year)) {
    return data<PanelActionData>(
      { toast: newToast('error', 'Error', 'Please fill in all fields'), cohortForm },
      { status: 400 },
    );
  }
  const capacity = cohortForm.capacity === '' ? null : Number(cohortForm.capacity);
  if (capacity !== null && !(Number.isInteger(capacity) && capacity >= 0 && capacity <= 10000)) {
    return data<PanelActionData>(
      {
        toast: newToast(
          'error',
          'Failed to create cohort',
          'Seats must be a whole number from 0 to 10000, or empty for no limit',
        ),
        cohortForm,
      },
      { status: 400 },
    );
  }
  try {
    await adminApi(request, ROUTES.adminCreateCohort, {
      body: { trainingName, cohortMonth: cohortMonthFromParts(year, month), capacity },
    });
  } catch (error) {
    if (!failure(error)) throw error;
    return data<PanelActionData>(
      { toast: newToast('error', 'Failed to create cohort', serverMessage(error)), cohortForm },
      { status: 400 },
    );
  }
  return redirectWithToast(request, panelHref(search), newToast('success', 'Cohort created successfully'));
}

async function deleteCohort(request: Request, form: FormData, search: string) {
  const back = panelHref(search, { dialog: 'manage-cohorts' });
  try {
    await adminApi(request, ROUTES.adminDeleteCohort, { params: { id: formText(form, 'id') } });
  } catch (error) {
    if (!failure(error)) throw error;
    return redirectWithToast(request, back, newToast('error', 'Failed to delete cohort', serverMessage(error)));
  }
  return redirectWithToast(request, back, newToast('success', 'Cohort deleted successfully'));
}

function readClientForm(form: FormData): ClientFormValues {
  return {
    studentName: formText(form, 'studentName').trim(),
    studentEmail: formText(form, 'studentEmail').trim(),
    trainingName: formText(form, 'trainingName'),
    cohortId: formText(form, 'cohortId'),
    paymentType: formText(form, 'paymentType'),
    paymentAmount: formText(form, 'paymentAmount'),
    enrollmentStatus: formText(form, 'enrollmentStatus') || 'active',
    notes: formText(form, 'notes'),
  };
}

/**
 * The API's own rules (the shared enrollment form schema), checked first so the form can point at the field, and
 * the cohort checked against the training's cohorts the form offered.
 */
function checkClientForm(
  values: ClientFormValues,
  cohorts: Cohort[],
): { ok: true; body: CreateEnrollmentRequest } | { ok: false; fieldErrors: EnrollmentFormErrors } {
  const parsed = parseEnrollmentForm({
    studentName: values.studentName,
    studentEmail: values.studentEmail,
    trainingName: values.trainingName,
    cohortId: values.cohortId || null,
    paymentType: values.paymentType,
    // Dollars as typed; the spec counts a non-numeric amount as 0. The API takes integer cents.
    paymentAmount: parsePaymentAmountCents(values.paymentAmount),
    enrollmentStatus: values.enrollmentStatus,
    notes: values.notes.trim() || null,
    isManualEntry: true,
  });
  const offered = cohorts.some((c) => c.id === values.cohortId && c.trainingName === values.trainingName);
  const cohortError = values.cohortId && !offered ? ENROLLMENT_FORM_MESSAGES.cohortId : undefined;
  if (parsed.ok && !cohortError) return { ok: true, body: parsed.value };
  const errors: EnrollmentFormErrors = { ...(parsed.ok ? {} : parsed.fieldErrors) };
  errors.cohortId ??= cohortError;
  // In the form's order, so the toast names the first field that needs a change.
  const fieldErrors: EnrollmentFormErrors = {};
  for (const field of ENROLLMENT_FORM_FIELDS) {
    const message = errors[field];
    if (message) fieldErrors[field] = message;
  }
  return { ok: false, fieldErrors };
}

async function createEnrollment(request: Request, form: FormData, search: string) {
  const clientForm = readClientForm(form);
  const cohorts = await adminApi(request, ROUTES.adminCohorts);
  const checked = checkClientForm(clientForm, cohorts);
  if (!checked.ok) {
    return data<PanelActionData>(
      {
        toast: newToast('error', 'Failed to create enrollment', Object.values(checked.fieldErrors)[0]),
        fieldErrors: checked.fieldErrors,
        clientForm,
      },
      { status: 400 },
    );
  }
  const body = checked.body;
  try {
    await adminApi(request, ROUTES.adminCreateEnrollment, { body });
  } catch (error) {
    if (!failure(error)) throw error;
    const apiFieldErrors = error instanceof ApiError ? (error.body?.fieldErrors ?? {}) : {};
    return data<PanelActionData>(
      {
        toast: newToast('error', 'Failed to create enrollment', serverMessage(error)),
        fieldErrors: Object.fromEntries(
          Object.entries(apiFieldErrors).map(([key, messages]) => [key, messages.join('; ')]),
        ),
        clientForm,
      },
      { status: 400 },
    );
  }
  return redirectWithToast(request, panelHref(search), newToast('success', 'Enrollment created successfully'));
}

async function deleteEnrollment(request: Request, form: FormData, search: string) {
  try {
    await adminApi(request, ROUTES.adminDeleteEnrollment, { params: { id: formText(form, 'id') } });
  } catch (error) {
    if (!failure(error)) throw error;
    return redirectWithToast(
      request,
      panelHref(search),
      newToast('error', 'Failed to delete enrollment', serverMessage(error)),
    );
  }
  return redirectWithToast(request, panelHref(search), newToast('success', 'Enrollment deleted successfully'));
}

/** One action for the panel's forms, told apart by their intent field. */
export async function panelAction(request: Request) {
  const form = await request.formData();
  const search = new URL(request.url).search;
  switch (formText(form, 'intent')) {
    case 'create-cohort':
      return createCohort(request, form, search);
    case 'delete-cohort':
      return deleteCohort(request, form, search);
    case 'create-enrollment':
      return createEnrollment(request, form, search);
    case 'choose-training':
      // Without JavaScript, the Add Client form asks the server for the chosen training's cohorts.
      return data<PanelActionData>({ clientForm: readClientForm(form) });
    case 'delete-enrollment':
      return deleteEnrollment(request, form, search);
    default:
      return data<PanelActionData>({ toast: newToast('error', 'Error', 'Unknown action') }, { status: 400 });
  }
}
