import toast from 'react-hot-toast';

/** A one-time notice from an action or a redirect; id makes the same text shown twice still a new toast. */
export interface ToastData {
  id: string;
  kind: 'success' | 'error';
  title: string;
  message?: string;
}

/** The spec allows one notice at a time: each new toast replaces the one showing. */
function show(kind: 'success' | 'error', title: string, message?: string): void {
  toast.dismiss();
  const text = message ? `${title}: ${message}` : title;
  if (kind === 'success') toast.success(text, { id: 'notice' });
  else toast.error(text, { id: 'notice' });
}

export const notify = {
  success: (title: string, message?: string) => show('success', title, message),
  error: (title: string, message?: string) => show('error', title, message),
};
