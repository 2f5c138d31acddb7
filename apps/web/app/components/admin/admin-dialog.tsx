import { Link, useNavigate } from 'react-router';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { toastText, type ToastData } from './toast-notice';

/**
 * A dialog whose open state lives in the URL (?dialog=...), so it works without JavaScript (rendered open) and,
 * with JavaScript, becomes a native modal: focus is trapped and Escape closes it by navigating to closeTo.
 */
export function AdminDialog({
  title,
  closeTo,
  notice,
  children,
}: {
  title: string;
  closeTo: string;
  /** The latest notice, repeated inside the dialog because a modal dialog covers the page's toasts. */
  notice?: ToastData | null;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || typeof dialog.showModal !== 'function') return;
    // Server-rendered as a plain open dialog; reopen it as a modal.
    if (dialog.open) dialog.close();
    dialog.showModal();
    return () => dialog.close();
  }, []);

  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        navigate(closeTo, { preventScrollReset: true });
      }}
      className="fixed inset-0 z-40 m-auto w-[min(40rem,calc(100%-2rem))] rounded-lg border border-slate-200 bg-white p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <Link
          to={closeTo}
          preventScrollReset
          className="rounded px-2 py-1 text-slate-600 hover:bg-slate-100"
          aria-label="Close"
        >
          ✕
        </Link>
      </div>
      <div className="px-5 py-4">
        {notice ? (
          <p
            role={notice.kind === 'error' ? 'alert' : 'status'}
            className={`mb-4 rounded-md border px-3 py-2 text-sm ${notice.kind === 'error' ? 'border-red-300 bg-red-50 text-red-800' : 'border-emerald-300 bg-emerald-50 text-emerald-800'}`}
          >
            {toastText(notice)}
          </p>
        ) : null}
        {children}
      </div>
    </dialog>
  );
}

export const buttonClass =
  'inline-flex items-center justify-center rounded-md bg-teal-700 px-4 py-2 text-sm font-medium text-white hover:bg-teal-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 disabled:opacity-60';
export const secondaryButtonClass =
  'inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-600';
export const dangerButtonClass =
  'inline-flex items-center justify-center rounded-md bg-red-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-600';
export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-teal-600 focus:outline-none focus:ring-1 focus:ring-teal-600';
export const labelClass = 'block text-sm font-medium text-slate-700';
