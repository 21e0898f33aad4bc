// After an upgrade, tells each replaced subscription's provider to stop charging for it.
import "server-only";
import type { ReplacedSubscription } from "./events";
import { providerNamed } from "./provider";
import { logger } from "@/lib/observability/log";

const log = logger("billing");

export async function cancelReplaced(replaced: ReplacedSubscription[]): Promise<void> {
  for (const old of replaced) {
    const provider = providerNamed(old.provider);
    if (!provider) {
      log.error(
        { subscriptionId: old.providerSubscriptionId, provider: old.provider },
        "cannot cancel a replaced subscription: its provider is not configured",
      );
      continue;
    }
    try {
      await provider.cancelSubscription(old.providerSubscriptionId);
    } catch (error) {
      // Our records already say canceled; the provider's own retry of the deleted event is harmless.
      log.error({ err: error, subscriptionId: old.providerSubscriptionId }, "cancelling a replaced subscription failed");
    }
  }
}
