// Where a plan an operator granted from the console is held: nowhere but our own subscription row.
// Nobody was paid, so there is nobody to tell when the plan ends early (an upgrade replaces it, the
// account is deleted): whoever ends it marks the row canceled.
import "server-only";
import type { SubscriptionHolder } from "./provider";

export const operatorGrants: SubscriptionHolder = {
  async cancelSubscription() {
    // Nothing to tell anyone: the subscription row is marked canceled by the caller.
  },
};
