import { ROUTES, type Cohort, type CreateEnrollmentRequest } from '@app/contracts';
import {
  COHORT_FORM_MESSAGES,
  cohortRequestFromForm,
  cohortYearOptions,
  ENROLLMENT_FORM_FIELDS,
  ENROLLMENT_FORM_MESSAGES,
  parseCohortForm,
  parseEnrollmentForm,
  parsePaymentAmountCents,
  type CohortFormErrors,
  type EnrollmentFormErrors,
} from '@app/domain';
import { data } from 'react-router';
import { ApiError } from '~/lib/api.server';
import { adminApi, newToast, redirectWithToast, type FlashToast } from '~/lib/session.server';
import { panelHref, type ClientFormValues } from './panel-url';
import { apiFieldErrors, formText, parseForm } from '~/lib/forms.server';

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

/**
 * The Create Cohort form through its schema (libs/domain `cohortFormSchema`, which the API's DTO runs too), and the
 * year checked against the years the form offers. The spec's notice for a missing choice is "Please fill in all
 * fields"; a refused seats value is named as it is.
 */
function checkCohortForm(values: Record<string, string>) {
  const form = {
    trainingName: values.trainingName ?? '',
    month: values.month ?? '',
    year: values.year ?? '',
    capacity: values.capacity ?? '',
  };
  const parsed = parseCohortForm(cohortRequestFromForm(form));
  const offered = cohortYearOptions(new Date()).includes(Number(form.year));
  if (parsed.ok && offered) return parsed;
  const fieldErrors: CohortFormErrors = parsed.ok ? {} : { ...parsed.fieldErrors };
  if (!offered) fieldErrors.cohortMonth ??= COHORT_FORM_MESSAGES.cohortMonth;
  return { ok: false as const, fieldErrors };
}

function cohortNotice(fieldErrors: CohortFormErrors): FlashToast {
  if (fieldErrors.trainingName || fieldErrors.cohortMonth)
    return newToast('error', 'Error', 'Please fill in all fields');
  return newToast('error', 'Failed to create cohort', Object.values(fieldErrors)[0]);
}

async function createCohort(request: Request, form: FormData, search: string) {
  const parsed = parseForm(form, checkCohortForm);
  const { trainingName = '', month = '', year = '', capacity = '' } = parsed.values;
  const cohortForm = { trainingName, month, year, capacity };
  if (!parsed.ok) {
    const { fieldErrors } = parsed;
    return data<PanelActionData>({ toast: cohortNotice(fieldErrors), fieldErrors, cohortForm }, { status: 400 });
  }
  try {
    await adminApi(request, ROUTES.adminCreateCohort, { body: parsed.value });
  } catch (error) {
    if (!failure(error)) throw error;
    return data<PanelActionData>(
      {
        toast: newToast('error', 'Failed to create cohort', serverMessage(error)),
        fieldErrors: apiFieldErrors(error),
        cohortForm,
      },
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
    return data<PanelActionData>(
      {
        toast: newToast('error', 'Failed to create enrollment', serverMessage(error)),
        fieldErrors: apiFieldErrors(error),
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
