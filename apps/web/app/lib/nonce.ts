import { createContext, useContext } from 'react';

/**
 * The per-response Content-Security-Policy nonce for React Router's inline scripts. The web server (server.mjs) makes it
 * and puts it in the load context; entry.server.tsx provides it here. In the browser it is empty: the scripts are
 * already in the page, and browsers hide the attribute's value from the DOM anyway.
 */
export const NonceContext = createContext('');

export function useNonce(): string {
  return useContext(NonceContext);
}
