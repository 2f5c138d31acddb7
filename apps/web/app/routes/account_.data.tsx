import { ROUTES } from '@app/contracts';
import type { LoaderFunctionArgs } from 'react-router';
import { accountApi, requireAccountApplicant } from '~/lib/account.server';

/** "Download my data": the account's data as a JSON file. */
export async function loader({ request }: LoaderFunctionArgs) {
  const applicant = await requireAccountApplicant(request);
  const exported = await accountApi(applicant, ROUTES.accountDataExport, { request });
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="my-data-${exported.exportedAt.slice(0, 10)}.json"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
