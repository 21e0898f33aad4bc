// After an upgrade, tells each replaced subscription's provider to stop charging for it.
import "server-only";
import type { ReplacedSubscription } from "./events";
import { providerNamed } from "./provider";

export async function cancelReplaced(replaced: ReplacedSubscription[]): Promise<void> {
  for (const old of replaced) {
    const provider = providerNamed(old.provider);
    if (!provider) {
      console.error(`[billing] cannot cancel ${old.providerSubscriptionId}: ${old.provider} is not configured`);
      continue;
    }
    try {
      await provider.cancelSubscription(old.providerSubscriptionId);
    } catch (error) {
      // Our records already say canceled; the provider's own retry of the deleted event is harmless.
      console.error(`[billing] cancelling replaced subscription ${old.providerSubscriptionId} failed`, error);
    }
  }
}
