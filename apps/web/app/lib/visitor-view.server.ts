import type { RootLoaderData } from './site-header-data';
import { accountSignedIn } from './account.server';
import { optionalAdminToken } from './session.server';

/**
 * What the site header shows this visitor (the root loader's answer), read from their cookies alone: an account
 * (the applicant cookie carries a session) and a staff session.
 */
export async function siteHeaderOf(request: Request): Promise<RootLoaderData> {
  const [account, adminToken] = await Promise.all([accountSignedIn(request), optionalAdminToken(request)]);
  return { accountSignedIn: account, adminSignedIn: adminToken !== null };
}

/**
 * For the web server's page cache (server.mjs), given a visitor's Cookie header: the header they see, all that a page
 * declared SHARED_WITH_EVERY_VISITOR (page-sharing.ts) shows them of their own.
 */
export function siteHeaderOfCookie(cookie: string): Promise<RootLoaderData> {
  return siteHeaderOf(new Request('http://localhost/', { headers: { Cookie: cookie } }));
}
