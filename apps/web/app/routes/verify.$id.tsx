import { ROUTES, type VerificationResult } from '@app/contracts';
import { formatHours } from '@app/domain';
import { data, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ApiError, callApi } from '~/lib/api.server';
import { isUuid } from '~/lib/forms.server';

export const meta: MetaFunction = () => [{ title: 'Verify a certificate' }];

/** The public verification page the certificate's QR code opens: genuine or not, revoked or not, and its facts. */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  if (!isUuid(id)) throw new Response('No certificate with this number was issued here', { status: 404 });
  try {
    const result: VerificationResult = await callApi(ROUTES.verifyCertificate, { params: { id } });
    return data({ result }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw new Response('No certificate with this number was issued here', { status: 404 });
    }
    throw error;
  }
}

export default function VerifyPage() {
  const { result } = useLoaderData<typeof loader>();
  const facts = result.facts;
  const verdict = result.withdrawn
    ? 'Withdrawn at the holder’s request'
    : !result.genuine
      ? 'Not genuine'
      : result.revoked
        ? 'Genuine, but revoked'
        : 'Genuine';
  const tone =
    !result.genuine || result.revoked
      ? 'border-red-300 bg-red-50 text-red-900'
      : 'border-teal-300 bg-teal-50 text-teal-900';
  return (
    <main className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold">Certificate verification</h1>
      <section aria-labelledby="verdict" className={`mt-6 rounded border p-4 ${tone}`}>
        <h2 id="verdict" className="text-xl font-semibold" data-testid="verdict">
          {verdict}
        </h2>
        {result.genuine ? (
          <p className="mt-1 text-sm">The signature checks against the issuer&apos;s published key ({result.keyId}).</p>
        ) : (
          <p className="mt-1 text-sm">{result.problem}</p>
        )}
        {result.revoked ? (
          <p className="mt-1 text-sm" data-testid="revocation">
            Revoked{result.revokedAt ? ` on ${result.revokedAt.slice(0, 10)}` : ''}: {result.revocationReason}
          </p>
        ) : null}
      </section>
      {facts ? (
        <dl className="mt-6 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold">Certificate number</dt>
          <dd>{facts.certificateNumber}</dd>
          <dt className="font-semibold">Recipient</dt>
          <dd>{facts.recipientName}</dd>
          <dt className="font-semibold">{facts.kind === 'completion' ? 'Training' : 'Evaluated credential'}</dt>
          <dd>{facts.title}</dd>
          {facts.contactHours !== null ? (
            <>
              <dt className="font-semibold">Contact hours</dt>
              <dd>{formatHours(facts.contactHours)}</dd>
            </>
          ) : null}
          {facts.credits !== null ? (
            <>
              <dt className="font-semibold">Quarter credits awarded</dt>
              <dd>{facts.credits}</dd>
            </>
          ) : null}
          <dt className="font-semibold">{facts.kind === 'completion' ? 'Completed on' : 'Verified on'}</dt>
          <dd>{facts.awardedOn}</dd>
          <dt className="font-semibold">Issued by</dt>
          <dd>
            {facts.issuerName} <span className="text-sm text-slate-600">({facts.issuerId})</span>
          </dd>
          {facts.signerName ? (
            <>
              <dt className="font-semibold">{facts.kind === 'completion' ? 'Signed by' : 'Evaluator'}</dt>
              <dd>{facts.signerName}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {facts && facts.courses.length > 0 ? (
        <table className="mt-6 w-full text-left text-sm">
          <caption className="text-left font-semibold">Courses</caption>
          <thead>
            <tr>
              <th scope="col">Course</th>
              <th scope="col">Credits</th>
              <th scope="col">Grade</th>
              <th scope="col">Equivalency</th>
            </tr>
          </thead>
          <tbody>
            {facts.courses.map((course, i) => (
              <tr key={i}>
                <td>{course.title}</td>
                <td>{course.credits}</td>
                <td>{course.grade ?? '—'}</td>
                <td>{course.equivalency ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <p className="mt-8 text-sm text-slate-600">
        Check a downloaded credential yourself with any JOSE library and the issuer&apos;s keys at{' '}
        <a className="text-teal-700 underline" href="/.well-known/jwks.json">
          /.well-known/jwks.json
        </a>{' '}
        (or its DID document at{' '}
        <a className="text-teal-700 underline" href="/.well-known/did.json">
          /.well-known/did.json
        </a>
        ); revocations are in the status list at{' '}
        <a className="text-teal-700 underline" href="/credentials/status/1">
          /credentials/status/1
        </a>
        .
      </p>
    </main>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
