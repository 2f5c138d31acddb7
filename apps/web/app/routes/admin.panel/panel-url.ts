import { ENROLLMENT_SORT_KEYS, TRAINING_NAMES, type EnrollmentSortKey, type TrainingName } from '@app/contracts';
import { isFilterDate } from '@app/domain';

/** The panel's filters, kept in the URL so a filtered view can be reloaded and shared. */
export interface PanelFilters {
  trainingName: TrainingName | '';
  cohortId: string;
  startDate: string;
  endDate: string;
  /** Part of a name or an email. */
  q: string;
  sort: EnrollmentSortKey | '';
  direction: 'asc' | 'desc' | '';
  page: number;
}

export const FILTER_KEYS = [
  'trainingName',
  'cohortId',
  'startDate',
  'endDate',
  'q',
  'sort',
  'direction',
  'page',
] as const;
/** Query keys that open a dialog or a confirmation rather than filter. */
export const DIALOG_KEYS = ['dialog', 'confirm', 'id', 'clientTraining'] as const;

export type PanelDialog = 'create-cohort' | 'manage-cohorts' | 'add-client';
export type PanelConfirm = 'delete-enrollment' | 'delete-cohort';

export function asTrainingName(value: string | null | undefined): TrainingName | '' {
  return value && (TRAINING_NAMES as readonly string[]).includes(value) ? (value as TrainingName) : '';
}

export function readFilters(params: URLSearchParams): PanelFilters {
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return isFilterDate(value) ? value : '';
  };
  return {
    trainingName: asTrainingName(params.get('trainingName')),
    cohortId: params.get('cohortId') ?? '',
    startDate: date('startDate'),
    endDate: date('endDate'),
    q: (params.get('q') ?? '').slice(0, 254),
    sort: (ENROLLMENT_SORT_KEYS as readonly string[]).includes(params.get('sort') ?? '')
      ? (params.get('sort') as EnrollmentSortKey)
      : '',
    direction:
      params.get('direction') === 'asc' || params.get('direction') === 'desc'
        ? (params.get('direction') as 'asc' | 'desc')
        : '',
    page: Math.max(1, Math.min(1_000_000, Math.floor(Number(params.get('page'))) || 1)),
  };
}

/** The panel URL with other filter values (page, sort…); an empty value drops the key. */
export function filterHref(
  search: string | URLSearchParams,
  changes: Partial<Record<(typeof FILTER_KEYS)[number], string>>,
): string {
  const current = new URLSearchParams(search);
  const next = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = key in changes ? changes[key] : current.get(key);
    if (value) next.set(key, value);
  }
  const query = next.toString();
  return query ? `/admin/panel?${query}` : '/admin/panel';
}

export function readDialog(params: URLSearchParams): PanelDialog | null {
  const value = params.get('dialog');
  return value === 'create-cohort' || value === 'manage-cohorts' || value === 'add-client' ? value : null;
}

export function readConfirm(params: URLSearchParams): { kind: PanelConfirm; id: string } | null {
  const kind = params.get('confirm');
  const id = params.get('id');
  if ((kind === 'delete-enrollment' || kind === 'delete-cohort') && id) return { kind, id };
  return null;
}

/** The panel URL with the current filters and the given dialog keys (none: the plain filtered view). */
export function panelHref(
  search: string | URLSearchParams,
  extra: Partial<Record<(typeof DIALOG_KEYS)[number], string>> = {},
): string {
  const current = new URLSearchParams(search);
  const next = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = current.get(key);
    if (value) next.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) if (value) next.set(key, value);
  const query = next.toString();
  return query ? `/admin/panel?${query}` : '/admin/panel';
}

/**
 * panelHref(search, { ...extra, id }) for many ids (the table's 50 delete links): the filters are read once rather
 * than once a row (issue 28).
 */
export function panelHrefPerId(
  search: string | URLSearchParams,
  extra: Partial<Record<Exclude<(typeof DIALOG_KEYS)[number], 'id'>, string>>,
): (id: string) => string {
  const base = panelHref(search, extra);
  const joiner = base.includes('?') ? '&' : '?';
  return (id) => `${base}${joiner}${new URLSearchParams({ id }).toString()}`;
}

/** The Add Client form as typed, returned to re-fill it after a failure. */
export interface ClientFormValues {
  studentName: string;
  studentEmail: string;
  trainingName: string;
  cohortId: string;
  paymentType: string;
  paymentAmount: string;
  enrollmentStatus: string;
  notes: string;
}
