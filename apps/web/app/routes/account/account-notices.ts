/** The notice a redirect back to /account names (`?notice=…`), shown without JavaScript. */
export const ACCOUNT_NOTICES: Record<string, string> = {
  'signed-in': 'You are signed in.',
  'plan-cancelled':
    'Your plan is cancelled: no more installments will be charged and your seat is released. We mailed you a confirmation.',
  'signed-out': 'You are signed out.',
  'signed-out-everywhere': 'You are signed out on every browser and device that was signed in to this account.',
};
