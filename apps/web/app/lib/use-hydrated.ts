import { useEffect, useState } from 'react';

/**
 * false in the server HTML and until React has hydrated. Used instead of <noscript> for no-JavaScript fallbacks,
 * because a browser that merely stops running scripts (as test browsers do) still hides <noscript> content.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
