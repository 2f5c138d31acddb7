import { Link, useNavigate } from 'react-router';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { ToastData } from '~/lib/toast';
import { toastText } from './toast-notice';

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
