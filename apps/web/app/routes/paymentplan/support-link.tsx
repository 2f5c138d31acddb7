import { useEffect, useState } from 'react';

export const SUPPORT_EMAIL = 'support@psychologytraininginstitute.com';

/** Appears once any script error or unhandled promise rejection happened, so a stuck buyer can reach a person. */
export function SupportLink() {
  const [troubled, setTroubled] = useState(false);
  useEffect(() => {
    const show = () => setTroubled(true);
    window.addEventListener('error', show);
    window.addEventListener('unhandledrejection', show);
    return () => {
      window.removeEventListener('error', show);
      window.removeEventListener('unhandledrejection', show);
    };
  }, []);
  if (!troubled) return null;
  return (
    <p
      className="mt-8 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="support-link"
    >
      Experiencing issues with this menu?{' '}
      <a
        className="font-semibold underline"
        href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Payment plan help')}`}
      >
        Contact Us for Help
      </a>
    </p>
  );
}
