import {
  ROUTES,
  ENROLLMENT_STATUSES,
  PAYMENT_TYPES,
  type Cohort,
  type CreateEnrollmentRequest,
  type EnrollmentStatus,
  type PaymentType,
} from '@app/contracts';
import {
  cohortMonthFromParts,
  cohortYearOptions,
  isValidEmail,
  parsePaymentAmountCents,
  validateCohortForm,
} from '@app/domain';
import { data } from '@remix-run/node';
import { ApiError, callApi } from '~/lib/api.server';
import {
  adminApi,
  logoutRedirect,
  newToast,
  redirectWithToast,
  requireAdminToken,
  type FlashToast,
} from '~/lib/session.server';
import { asTrainingName, panelHref, type ClientFormValues } from './panel-url';

export type { ClientFormValues };

export interface PanelActionData {
  toast?: FlashToast;
  fieldErrors?: Record<string, string>;
  cohortForm?: { trainingName: string; month: string; year: string; capacity?: string };
  clientForm?: ClientFormValues;
}

const text = (form: FormData, key: string) => String(form.get(key) ?? '');

function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.text : undefined;
}

/** Another failure than an expired session: anything but the redirect that adminApi throws on 401. */
function failure(error: unknown): error is ApiError | TypeError {
  return error instanceof ApiError || error instanceof TypeError;
}

async function createCohort(request: Request, form: FormData, search: string) {
  const cohortForm = {
    trainingName: text(form, 'trainingName'),
    month: text(form, 'month'),
    year: text(form, 'year'),
    capacity: text(form, 'capacity').trim(),
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
    await adminApi(request, ROUTES.adminDeleteCohort, { params: { id: text(form, 'id') } });
  } catch (error) {
    if (!failure(error)) throw error;
    return redirectWithToast(request, back, newToast('error', 'Failed to delete cohort', serverMessage(error)));
  }
  return redirectWithToast(request, back, newToast('success', 'Cohort deleted successfully'));
}

function readClientForm(form: FormData): ClientFormValues {
  return {
    studentName: text(form, 'studentName').trim(),
    studentEmail: text(form, 'studentEmail').trim(),
    trainingName: text(form, 'trainingName'),
    cohortId: text(form, 'cohortId'),
    paymentType: text(form, 'paymentType'),
    paymentAmount: text(form, 'paymentAmount'),
    enrollmentStatus: text(form, 'enrollmentStatus') || 'active',
    notes: text(form, 'notes'),
  };
}

/** The same rules the API enforces, checked first so the form can point at the field. */
function clientFormErrors(values: ClientFormValues, cohorts: Cohort[]): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.studentName) errors.studentName = 'Student name is required';
  if (!isValidEmail(values.studentEmail)) errors.studentEmail = 'Enter a valid email address';
  if (!asTrainingName(values.trainingName)) errors.trainingName = 'Choose a training';
  if (values.cohortId && !cohorts.some((c) => c.id === values.cohortId && c.trainingName === values.trainingName)) {
    errors.cohortId = 'Choose a cohort of this training, or No Cohort';
  }
  if (!(PAYMENT_TYPES as readonly string[]).includes(values.paymentType)) errors.paymentType = 'Choose a payment type';
  if (!(ENROLLMENT_STATUSES as readonly string[]).includes(values.enrollmentStatus))
    errors.enrollmentStatus = 'Choose a status';
  return errors;
}

async function createEnrollment(request: Request, form: FormData, search: string) {
  const clientForm = readClientForm(form);
  const cohorts = await adminApi(request, ROUTES.adminCohorts);
  const fieldErrors = clientFormErrors(clientForm, cohorts);
  if (Object.keys(fieldErrors).length > 0) {
    return data<PanelActionData>(
      {
        toast: newToast('error', 'Failed to create enrollment', Object.values(fieldErrors)[0]),
        fieldErrors,
        clientForm,
      },
      { status: 400 },
    );
  }
  const body: CreateEnrollmentRequest = {
    studentName: clientForm.studentName,
    studentEmail: clientForm.studentEmail,
    trainingName: asTrainingName(clientForm.trainingName) || 'Psychosomatic Practitioner',
    cohortId: clientForm.cohortId || null,
    paymentType: clientForm.paymentType as PaymentType,
    // Dollars as typed; the spec counts a non-numeric amount as 0. The API takes integer cents.
    paymentAmount: parsePaymentAmountCents(clientForm.paymentAmount),
    enrollmentStatus: clientForm.enrollmentStatus as EnrollmentStatus,
    notes: clientForm.notes.trim() || null,
    isManualEntry: true,
  };
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
    await adminApi(request, ROUTES.adminDeleteEnrollment, { params: { id: text(form, 'id') } });
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

async function logout(request: Request) {
  const token = await requireAdminToken(request);
  // The session ends here whatever the API says; revoking is best effort (the token may already be invalid).
  await callApi(ROUTES.adminLogout, { token, request }).catch(() => undefined);
  return logoutRedirect(request);
}

/** One action for the panel's forms, told apart by their intent field. */
export async function panelAction(request: Request) {
  const form = await request.formData();
  const search = new URL(request.url).search;
  switch (text(form, 'intent')) {
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
    case 'logout':
      return logout(request);
    default:
      return data<PanelActionData>({ toast: newToast('error', 'Error', 'Unknown action') }, { status: 400 });
  }
}
