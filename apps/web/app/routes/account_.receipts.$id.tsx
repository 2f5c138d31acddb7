import { ROUTES } from '@app/contracts';
import { receiptLines, receiptTitle } from '@app/domain';
import { data, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { BackLink } from '~/components/back-link';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { accountApi, requireAccountApplicant } from '~/lib/account.server';
import { cacheControlFromLoader, PRIVATE_PAGE } from '~/lib/page-sharing';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${receiptTitle(data.receipt.kind)} ${data.receipt.number}` : 'Receipt' },
];
export const headers = cacheControlFromLoader;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const applicant = await requireAccountApplicant(request);
  const receipt = await accountApi(applicant, ROUTES.accountReceipt, { params: { id: params.id ?? '' }, request });
  return data({ receipt }, { headers: PRIVATE_PAGE });
}

/** The receipt as HTML, the same lines the PDF prints (libs/domain receiptLines). */
export default function ReceiptPage() {
  const { receipt } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-2xl px-4 py-8">
      <BackLink to="/account" className="mb-4 text-sm">
        Back to my account
      </BackLink>
      <article className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold">
          {receiptTitle(receipt.kind)} {receipt.number}
        </h1>
        <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          {receiptLines(receipt).map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-600">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-6 text-sm">
          <a href={`/account/receipts/${receipt.id}/pdf`} className="font-medium text-teal-800 underline" download>
            Download the PDF
          </a>
        </p>
      </article>
    </main>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
