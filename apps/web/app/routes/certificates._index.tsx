import { ROUTES, type IssuedCredentialSummary } from '@app/contracts';
import { formatHours } from '@app/domain';
import { Link, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ApiError } from '~/lib/api.server';
import { applicantApi, optionalApplicant } from '~/lib/applicant.server';

export const meta: MetaFunction = () => [{ title: 'My certificates' }];

/**
 * The signed-in account's certificates of completion and evaluation reports (matched by its email), each downloadable
 * as PDF and signed JSON. The trainee account links here ("Certificates").
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const applicant = await optionalApplicant(request);
  let certificates: IssuedCredentialSummary[] = [];
  if (applicant) {
    try {
      certificates = await applicantApi(applicant, ROUTES.myCertificates);
    } catch (error) {
      // An ended session (signed out elsewhere, erased, expired): the signed-out view.
      if (!(error instanceof ApiError && error.status === 401)) throw error;
      return { certificates, signedIn: false };
    }
  }
  return { certificates, signedIn: applicant !== null };
}

function CertificateList({ certificates }: { certificates: IssuedCredentialSummary[] }) {
  return (
    <ul className="mt-4 space-y-3">
      {certificates.map((c) => (
        <li key={c.id} className="rounded border border-slate-200 p-3">
          <p className="font-semibold">
            {c.kind === 'completion' ? 'Certificate of completion' : 'Evaluation report'}: {c.title}
          </p>
          <p className="text-sm text-slate-600">
            {c.certificateNumber} · {c.awardedOn}
            {c.contactHours !== null ? ` · ${formatHours(c.contactHours)} contact hours` : ''}
            {c.credits !== null ? ` · ${c.credits} quarter credits` : ''}
            {c.revokedAt ? ` · revoked: ${c.revocationReason ?? ''}` : ''}
          </p>
          <p className="mt-1 flex flex-wrap gap-4 text-sm">
            <a className="text-teal-700 underline" href={`/certificates/${c.id}/pdf`} download>
              Download PDF
            </a>
            <a className="text-teal-700 underline" href={`/certificates/${c.id}/json`} download>
              Download signed JSON
            </a>
            <Link className="text-teal-700 underline" to={c.verifyPath}>
              Verification page
            </Link>
          </p>
        </li>
      ))}
    </ul>
  );
}

export default function CertificatesPage() {
  const { certificates, signedIn } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold">My certificates</h1>
      {certificates.length > 0 ? (
        <CertificateList certificates={certificates} />
      ) : (
        <p className="mt-4">
          {signedIn
            ? 'No certificate has been issued to this account’s email yet.'
            : 'Sign in with the email you enrolled with to see your certificates.'}{' '}
          <Link className="text-teal-700 underline" to="/sign-in">
            Sign in
          </Link>
        </p>
      )}
    </main>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
