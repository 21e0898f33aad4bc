// How a process shares its webhook delivery slots: WEBHOOK_DELIVERY_CONCURRENCY attempts at once, of
// which one account's endpoints may hold WEBHOOK_ACCOUNT_CONCURRENCY, so however many of an account's
// receivers hang, the other accounts always have free slots.
import "server-only";
import { env } from "@/lib/env";

export interface DeliverySlots {
  slots: number;
  perAccount: number;
}

export function deliverySlots(): DeliverySlots {
  const { WEBHOOK_DELIVERY_CONCURRENCY: slots, WEBHOOK_ACCOUNT_CONCURRENCY: perAccount } = env();
  // An account never takes every slot, unless the process has only one.
  return { slots, perAccount: Math.max(1, Math.min(perAccount, slots - 1)) };
}
