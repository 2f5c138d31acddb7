import type { Cohort } from '@app/contracts';
import { exportedMessage, validateCohortExport } from '@app/domain';
import { Form } from 'react-router';
import { useState, type FormEvent } from 'react';
import { exportNotice } from '~/lib/form-notices';
import { notify } from '~/lib/toast';
import { buttonClass, inputClass, labelClass } from '~/components/ui/form-styles';
import { cohortOptionLabel } from './cohort-options';

interface ExportFailure {
  title: string;
  message: string;
}

function fileNameFrom(disposition: string | null): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'cohort.csv';
}

/**
 * Without JavaScript this GET form navigates to the export route, which answers with the file (or returns to the
 * panel with a notice). With JavaScript the file is fetched and saved in place so the page can say how many rows it had.
 */
export function ExportCohortForm({ cohorts }: { cohorts: Cohort[] }) {
  const [busy, setBusy] = useState(false);

  async function exportInPlace(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const cohortId = String(new FormData(event.currentTarget).get('cohortId') ?? '');
    const missing = validateCohortExport({ cohortId: cohortId || null, enrollmentCount: 1 });
    if (missing) {
      const notice = exportNotice(missing);
      return notify.error(notice.title, notice.message);
    }
    setBusy(true);
    try {
      const response = await fetch(`/admin/export?cohortId=${encodeURIComponent(cohortId)}`, {
        headers: { 'X-Admin-Export': 'fetch' },
      });
      if (response.redirected && new URL(response.url).pathname === '/admin') {
        window.location.assign('/admin');
        return;
      }
      if (!response.ok) {
        const failure = (await response.json().catch(() => null)) as ExportFailure | null;
        return notify.error(failure?.title ?? 'Error', failure?.message ?? 'Failed to export CSV');
      }
      const count = Number(response.headers.get('X-Enrollment-Count') ?? '0');
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameFrom(response.headers.get('Content-Disposition'));
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      notify.success(exportedMessage(count));
    } catch {
      notify.error('Error', 'Failed to export CSV');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="export-heading">
      <h2 id="export-heading" className="text-lg font-semibold">
        Export Students from Cohort
      </h2>
      <Form
        method="get"
        action="/admin/export"
        reloadDocument
        onSubmit={exportInPlace}
        className="mt-3 flex flex-wrap items-end gap-3"
      >
        <div className="min-w-64">
          <label htmlFor="export-cohort" className={labelClass}>
            Cohort
          </label>
          <select id="export-cohort" name="cohortId" defaultValue="" className={inputClass}>
            <option value="">Select a cohort</option>
            {cohorts.map((cohort) => (
              <option key={cohort.id} value={cohort.id}>
                {cohortOptionLabel(cohort, true)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={busy} className={buttonClass}>
          Export CSV
        </button>
      </Form>
    </section>
  );
}
