import { SignInLinkForm } from '~/components/sign-in-link-form';

export interface KeepEvaluationFeedback {
  ok: boolean;
  at: number;
  email: string;
  message?: string;
  fieldError?: string;
}

interface Props {
  /** The signed-in address, or null while this browser is anonymous. */
  email: string | null;
  /** Just came back from a sign-in link. */
  signedIn: boolean;
  hasRecords: boolean;
  feedback: KeepEvaluationFeedback | null;
}

/**
 * 'Keep my evaluation': the records belong to this browser until the applicant gives an address; a single-use link
 * mailed to it signs them in from any browser and brings these records along.
 */
export function KeepEvaluationPanel({ email, signedIn, hasRecords, feedback }: Props) {
  return (
    <section
      aria-labelledby="keep-evaluation-title"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      data-testid="keep-evaluation"
    >
      <h2 id="keep-evaluation-title" className="text-lg font-semibold">
        {email ? 'Your evaluation is kept' : 'Keep my evaluation'}
      </h2>
      {email ? (
        <p className="mt-2 text-sm text-slate-700">
          {signedIn ? 'You are signed in as ' : 'Signed in as '}
          <strong>{email}</strong>. Ask for a new link below to open your records in another browser.
        </p>
      ) : (
        <p className="mt-2 text-sm text-slate-700">
          {hasRecords
            ? 'Your records are private to this browser. Email yourself a sign-in link to keep them and open them anywhere.'
            : 'Evaluated before? Email yourself a sign-in link to see your records.'}
        </p>
      )}
      <SignInLinkForm
        id="keep-email"
        defaultEmail={feedback?.email ?? email ?? ''}
        feedback={
          feedback && {
            ok: feedback.ok,
            message: (feedback.ok ? feedback.message : (feedback.fieldError ?? feedback.message)) ?? '',
            invalid: Boolean(feedback.fieldError),
          }
        }
        messageTestId="keep-evaluation-message"
      />
    </section>
  );
}
