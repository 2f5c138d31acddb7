import { useEffect } from 'react';
import { notify, type ToastData } from '~/lib/toast';
import { useHydrated } from '~/lib/use-hydrated';

export function toastText(toast: ToastData): string {
  return toast.message ? `${toast.title}: ${toast.message}` : toast.title;
}

/**
 * Shows an action's or a redirect's notice as a toast. The server renders the same text in the page, which is all a
 * browser without JavaScript gets; once hydrated the toast takes over and the in-page copy goes.
 */
export function ToastNotice({ toast }: { toast: ToastData | null | undefined }) {
  const hydrated = useHydrated();
  // Keyed on the id: one toast per notice, not one per re-render with the same data.
  const id = toast?.id;
  useEffect(() => {
    if (toast) notify[toast.kind](toast.title, toast.message);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the id is the notice's identity; its data never changes
  }, [id]);
  if (!toast || hydrated) return null;
  return (
    <p
      role={toast.kind === 'error' ? 'alert' : 'status'}
      className={`mb-4 rounded-md border px-4 py-3 ${toast.kind === 'error' ? 'border-red-300 bg-red-50 text-red-800' : 'border-emerald-300 bg-emerald-50 text-emerald-800'}`}
    >
      {toastText(toast)}
    </p>
  );
}
