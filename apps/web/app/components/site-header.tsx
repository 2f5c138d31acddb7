import { Form, Link, useLocation, useMatches, useRouteLoaderData } from 'react-router';

/** The root loader's answer, from the cookies: an account (cookie-names.ts ACCOUNT_COOKIE), a staff session. */
export interface RootLoaderData {
  accountSignedIn: boolean;
  /** An admin or evaluator is logged in on this browser: the admin pages' header offers their panel and logout. */
  adminSignedIn: boolean;
}

/** Signed in: the root loader says so, or the account page has just found the account (it sets the cookie). */
function useAccountSignedIn(): boolean {
  const root = useRouteLoaderData<RootLoaderData>('root');
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

/** What a logged-in admin needs on the admin pages: the way back to their panel, and the one logout. */
function AdminNav() {
  return (
    <nav aria-label="Admin" className="ml-auto flex items-center gap-2">
      <Link to="/admin/panel" className={linkClass}>
        Admin Panel
      </Link>
      <Form method="post" action="/admin/logout">
        <button type="submit" className={linkClass}>
          Log out
        </button>
      </Form>
    </nav>
  );
}

export function SiteHeader() {
  const signedIn = useAccountSignedIn();
  const adminPage = /^\/admin(\/|$)/.test(useLocation().pathname);
  const adminSignedIn = useRouteLoaderData<RootLoaderData>('root')?.adminSignedIn === true;
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
        {adminPage && adminSignedIn ? (
          <AdminNav />
        ) : (
          <nav aria-label="Account" className="ml-auto flex items-center gap-2">
            {signedIn ? (
              <>
                <Link to="/account" className={linkClass}>
                  My account
                </Link>
                <Form method="post" action="/account">
                  <input type="hidden" name="intent" value="sign-out" />
                  <button type="submit" className={linkClass}>
                    Sign out
                  </button>
                </Form>
              </>
            ) : (
              <Link to="/account" className={linkClass}>
                Sign in
              </Link>
            )}
          </nav>
        )}
      </div>
    </header>
  );
}
