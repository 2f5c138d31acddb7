import { useCallback, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * One click handler for many plain `<a href data-discover="true">` links to in-app paths, which then navigate in the
 * browser as React Router's `<Link>` does (the same click rules; replace when the link is the current URL). For long
 * lists only: each `<Link>` resolves its path twice and runs a navigate hook of its own while the page renders on the
 * server, which the admin panel's 50 rows × 3 links made a visible part of its render (issue 28). `data-discover`
 * keeps lazy route discovery fetching the links' routes ahead, as it does for a `<Link>`.
 */
export function useLinkNavigation(options: { preventScrollReset?: boolean } = {}) {
  const navigate = useNavigate();
  const { preventScrollReset } = options;
  return useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      const anchor = event.currentTarget;
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      if (anchor.target && anchor.target !== '_self') return;
      const href = anchor.getAttribute('href');
      if (!href?.startsWith('/') || href.startsWith('//')) return;
      event.preventDefault();
      const { pathname, search, hash } = window.location;
      void navigate(href, { preventScrollReset, replace: href === pathname + search + hash });
    },
    [navigate, preventScrollReset],
  );
}
