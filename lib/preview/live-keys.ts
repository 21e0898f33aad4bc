// Stripe's live keys move real money: secret (sk_live_), restricted (rk_live_) and publishable
// (pk_live_). A preview of a change must never hold one, in whichever variable it sits, so lib/env.ts
// refuses to configure a preview with one: the web server, the worker and every script stop at start,
// naming the variable (never the key). Test keys (sk_test_, pk_test_) stay allowed, so Stripe's own
// test mode can be reviewed. Pure, for the configuration check.
const LIVE_STRIPE_KEY = /^(?:sk|rk|pk)_live_/;

/** The names of the variables that hold a live Stripe key, sorted. */
export function variablesHoldingLiveStripeKeys(variables: Record<string, string | undefined>): string[] {
  return Object.entries(variables)
    .filter(([, value]) => value !== undefined && LIVE_STRIPE_KEY.test(value.trim()))
    .map(([name]) => name)
    .sort();
}

export function liveStripeKeyProblem(name: string): string {
  return `${name} holds a live Stripe key, which a preview must never use: give it a test key (sk_test_…, pk_test_…) or none, which runs the payment sandbox`;
}
