import { FieldError, fieldErrorProps } from '~/components/ui/field-error';

export type TestCardErrors = Partial<Record<'cardNumber' | 'expiry' | 'cvc', string>>;

/** One card field: its label, the input (never filled back in: card data is not echoed) and its message. */
function CardField({
  name,
  label,
  error,
  ...input
}: {
  name: keyof TestCardErrors;
  label: string;
  error: string | undefined;
  inputMode?: 'numeric';
  autoComplete: string;
  placeholder: string;
}) {
  return (
    <>
      <label className="block text-sm font-medium" htmlFor={name}>
        {label}
      </label>
      <input
        id={name}
        name={name}
        {...input}
        {...fieldErrorProps(`${name}-error`, error)}
        className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 aria-invalid:border-red-600"
      />
      <FieldError id={`${name}-error`} message={error} />
    </>
  );
}

/**
 * The test-mode stand-in for Stripe's Payment Element: plain inputs, so paying works even without JavaScript (checkout
 * and update-card); `errors` shows a refused field's message beside it.
 */
export function TestCardFields({ errors = {} }: { errors?: TestCardErrors }) {
  return (
    <fieldset className="rounded-md border border-dashed border-amber-400 bg-amber-50 p-4" data-testid="test-card-form">
      <legend className="px-1 text-sm font-semibold text-amber-900">Test mode, no card is charged</legend>
      <p className="mb-3 text-xs text-amber-900">
        Use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a declined card. Any future expiry and CVC.
      </p>
      <CardField
        name="cardNumber"
        label="Card number"
        error={errors.cardNumber}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
      />
      <div className="mt-3 grid grid-cols-2 gap-3">
        <div>
          <CardField name="expiry" label="Expiry" error={errors.expiry} autoComplete="cc-exp" placeholder="MM / YY" />
        </div>
        <div>
          <CardField
            name="cvc"
            label="CVC"
            error={errors.cvc}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
          />
        </div>
      </div>
    </fieldset>
  );
}
