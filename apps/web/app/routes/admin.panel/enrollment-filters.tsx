import { TRAINING_NAMES, type Cohort } from '@app/contracts';
import { Form, useSubmit } from 'react-router';
import type { PanelFilters } from './panel-url';
import { inputClass } from '~/components/ui/form-styles';
import { cohortOptionLabel } from './cohort-options';
import { LabeledField, FilterActions } from '~/components/admin/form-field';

/** A GET form, so the filters live in the URL; with JavaScript each change applies at once. */
export function EnrollmentFilters({ filters, cohorts }: { filters: PanelFilters; cohorts: Cohort[] }) {
  const submit = useSubmit();
  const shown = filters.trainingName ? cohorts.filter((c) => c.trainingName === filters.trainingName) : cohorts;
  return (
    <Form
      method="get"
      preventScrollReset
      onChange={(event) => {
        const form = event.currentTarget;
        // Typing a search waits for Enter or Apply Filters rather than reloading on every key.
        if ((event.target as HTMLElement).getAttribute('name') === 'q') return;
        // A new training invalidates a cohort chosen from another one.
        if ((event.target as HTMLElement).getAttribute('name') === 'trainingName') {
          const cohort = form.elements.namedItem('cohortId');
          if (cohort instanceof HTMLSelectElement) cohort.value = '';
        }
        submit(form, { preventScrollReset: true, replace: true });
      }}
      className="grid grid-cols-1 gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6"
      aria-label="Filters"
    >
      <LabeledField id="filter-search" label="Search">
        <input
          id="filter-search"
          type="search"
          name="q"
          defaultValue={filters.q}
          placeholder="Name or email"
          maxLength={254}
          className={inputClass}
        />
      </LabeledField>
      <LabeledField id="filter-training" label="Training">
        <select id="filter-training" name="trainingName" defaultValue={filters.trainingName} className={inputClass}>
          <option value="">All Trainings</option>
          {TRAINING_NAMES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </LabeledField>
      <LabeledField id="filter-cohort" label="Cohort">
        <select id="filter-cohort" name="cohortId" defaultValue={filters.cohortId} className={inputClass}>
          <option value="">All Cohorts</option>
          {shown.map((cohort) => (
            <option key={cohort.id} value={cohort.id}>
              {cohortOptionLabel(cohort, !filters.trainingName)}
            </option>
          ))}
        </select>
      </LabeledField>
      <LabeledField id="filter-start" label="Start Date">
        <input id="filter-start" type="date" name="startDate" defaultValue={filters.startDate} className={inputClass} />
      </LabeledField>
      <LabeledField id="filter-end" label="End Date">
        <input id="filter-end" type="date" name="endDate" defaultValue={filters.endDate} className={inputClass} />
      </LabeledField>
      {filters.sort ? <input type="hidden" name="sort" value={filters.sort} /> : null}
      {filters.direction ? <input type="hidden" name="direction" value={filters.direction} /> : null}
      <FilterActions clearTo="/admin/panel" />
    </Form>
  );
}
