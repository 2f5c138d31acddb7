import { Form, useNavigation } from 'react-router';

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
  const navigation = useNavigation();
  const sending = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'email-link';
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
      <Form method="post" className="mt-3 space-y-2">
        <input type="hidden" name="intent" value="email-link" />
        <label htmlFor="keep-email" className="block text-sm font-medium text-slate-700">
          Email address
        </label>
        <input
          id="keep-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          defaultValue={feedback?.email ?? email ?? ''}
          aria-invalid={feedback?.fieldError ? true : undefined}
          aria-describedby={feedback && !feedback.ok ? 'keep-email-message' : undefined}
          className="w-full rounded-md border border-slate-400 px-3 py-2 focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-100"
        />
        <button
          type="submit"
          disabled={sending}
          className="w-full rounded-md bg-teal-700 px-4 py-2 text-sm font-medium text-white hover:bg-teal-800 disabled:opacity-50"
        >
          {sending ? 'Sending...' : 'Email me a sign-in link'}
        </button>
        {feedback && (
          <p
            id="keep-email-message"
            role={feedback.ok ? 'status' : 'alert'}
            className={`text-sm ${feedback.ok ? 'text-teal-800' : 'text-red-700'}`}
            data-testid="keep-evaluation-message"
          >
            {feedback.ok ? feedback.message : (feedback.fieldError ?? feedback.message)}
          </p>
        )}
      </Form>
    </section>
  );
}
