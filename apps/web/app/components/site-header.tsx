import { Form, Link, useLocation, useMatches, useRouteLoaderData } from 'react-router';
import type { RootLoaderData } from '~/lib/site-header-data';

export type { RootLoaderData };

/** Signed in: the root loader says so (by the cookie), unless the account page has just asked the API (found the account, or found its session ended). */
function useAccountSignedIn(root: RootLoaderData | undefined): boolean {
  const matches = useMatches();
  const accountPage = matches.find((match) => match.id === 'routes/account');
  const pageSaysSignedIn =
    typeof accountPage?.data === 'object' && accountPage.data !== null && 'signedIn' in accountPage.data
      ? accountPage.data.signedIn === true
      : null;
  return pageSaysSignedIn ?? root?.accountSignedIn ?? false;
}

const linkClass =
  'rounded px-2 py-1 text-sm font-medium text-teal-800 underline-offset-2 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-600';

/** A signed-in header's two links: the person's own page, and ending the session (a POST, with its intent). */
interface SessionLinks {
  to: string;
  label: string;
  action: string;
  button: string;
  intent?: string;
}

const ADMIN_LINKS: SessionLinks = {
  to: '/admin/panel',
  label: 'Admin Panel',
  action: '/admin/logout',
  button: 'Log out',
};
const ACCOUNT_LINKS: SessionLinks = {
  to: '/account',
  label: 'My account',
  action: '/account',
  button: 'Sign out',
  intent: 'sign-out',
};

export function SiteHeader() {
  const root = useRouteLoaderData<RootLoaderData>('root');
  const accountSignedIn = useAccountSignedIn(root);
  const { pathname } = useLocation();
  // A logged-in admin on the admin pages sees their panel and logout; everyone else, the applicant's header.
  const links =
    root?.adminSignedIn && pathname.startsWith('/admin') ? ADMIN_LINKS : accountSignedIn ? ACCOUNT_LINKS : null;
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-3">
        <Link
          to="/"
          className="flex items-center gap-3 rounded focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
        >
          <img src="/logo.svg" alt="Logo" width={40} height={40} />
          <span className="text-lg font-semibold text-slate-900">Psychology Training Institute</span>
        </Link>
        <nav aria-label="Account" className="ml-auto flex items-center gap-2">
          {links ? (
            <>
              <Link to={links.to} className={linkClass}>
                {links.label}
              </Link>
              <Form method="post" action={links.action}>
                {links.intent ? <input type="hidden" name="intent" value={links.intent} /> : null}
                <button type="submit" className={linkClass}>
                  {links.button}
                </button>
              </Form>
            </>
          ) : (
            <Link to="/account" className={linkClass}>
              Sign in
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}
