import { useEffect, useState } from 'react';

/** False on the server and in the first browser render: for UI that only works once JavaScript runs. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
