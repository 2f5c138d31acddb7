/** The test-mode stand-in for Stripe's Payment Element: plain inputs, so paying works even without JavaScript. */
export function TestCardFields() {
  return (
    <fieldset className="rounded-md border border-dashed border-amber-400 bg-amber-50 p-4" data-testid="test-card-form">
      <legend className="px-1 text-sm font-semibold text-amber-900">Test mode, no card is charged</legend>
      <p className="mb-3 text-xs text-amber-900">
        Use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a declined card. Any future expiry and CVC.
      </p>
      <label className="block text-sm font-medium" htmlFor="cardNumber">
        Card number
      </label>
      <input
        id="cardNumber"
        name="cardNumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
      />
      <div className="mt-3 grid grid-cols-2 gap-3">
        <div>
          <label className="block text-sm font-medium" htmlFor="expiry">
            Expiry
          </label>
          <input
            id="expiry"
            name="expiry"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
          />
        </div>
        <div>
          <label className="block text-sm font-medium" htmlFor="cvc">
            CVC
          </label>
          <input
            id="cvc"
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
          />
        </div>
      </div>
    </fieldset>
  );
}
