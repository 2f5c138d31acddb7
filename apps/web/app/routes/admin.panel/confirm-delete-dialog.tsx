import { Form, Link, useNavigation } from 'react-router';
import { AdminDialog } from '~/components/admin/admin-dialog';
import { dangerButtonClass, secondaryButtonClass } from '~/components/ui/form-styles';

/** The confirmation step before a delete; a page section without JavaScript, a modal with it. */
export function ConfirmDeleteDialog({
  intent,
  id,
  question,
  detail,
  closeTo,
}: {
  intent: 'delete-enrollment' | 'delete-cohort';
  id: string;
  question: string;
  detail: string | null;
  closeTo: string;
}) {
  const busy = useNavigation().formData?.get('intent') === intent;
  return (
    <AdminDialog title="Confirm Delete" closeTo={closeTo}>
      <p className="text-slate-800">{question}</p>
      {detail ? <p className="mt-1 text-sm text-slate-600">{detail}</p> : null}
      <Form method="post" preventScrollReset className="mt-5 flex justify-end gap-3">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        <Link to={closeTo} preventScrollReset className={secondaryButtonClass}>
          Cancel
        </Link>
        <button type="submit" disabled={busy} className={dangerButtonClass}>
          Delete
        </button>
      </Form>
    </AdminDialog>
  );
}
