import { Form, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/form-styles';

/** What the action answered: sent (a status) or refused (an alert; `invalid` marks the address field). */
export interface SignInLinkFeedback {
  ok: boolean;
  message: string;
  invalid?: boolean;
}

/**
 * "Email me a sign-in link": the one form that asks for a single-use link (the account page and the evaluation's
 * Keep my evaluation panel). It posts `intent=email-link` and `email` to the page's action, which checks it with
 * `parseSignInLinkForm`; the answer shows under the button and the address stays as typed.
 */
export function SignInLinkForm({
  id,
  defaultEmail,
  feedback,
  messageTestId,
}: {
  /** The address field's id; the message's is `${id}-message`. */
  id: string;
  defaultEmail: string;
  feedback: SignInLinkFeedback | null;
  messageTestId?: string;
}) {
  const navigation = useNavigation();
  const sending = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'email-link';
  const messageId = `${id}-message`;
  return (
    <Form method="post" className="mt-4 space-y-2">
      <input type="hidden" name="intent" value="email-link" />
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Email address
      </label>
      <input
        id={id}
        name="email"
        type="email"
        required
        autoComplete="email"
        defaultValue={defaultEmail}
        aria-invalid={feedback?.invalid ? true : undefined}
        aria-describedby={feedback ? messageId : undefined}
        className="w-full rounded-md border border-slate-400 px-3 py-2 focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-100 aria-invalid:border-red-600"
      />
      <button type="submit" disabled={sending} className={`${buttonClass} w-full`}>
        {sending ? 'Sending...' : 'Email me a sign-in link'}
      </button>
      {feedback && (
        <p
          id={messageId}
          role={feedback.ok ? 'status' : 'alert'}
          className={`text-sm ${feedback.ok ? 'text-teal-800' : 'text-red-700'}`}
          data-testid={messageTestId}
        >
          {feedback.message}
        </p>
      )}
    </Form>
  );
}
