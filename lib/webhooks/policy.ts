// The address policy this process's configuration sets: https only in production, and private
// addresses only where WEBHOOK_ALLOW_PRIVATE=true says so.
import "server-only";
import { env, isProduction } from "@/lib/env";
import type { AddressPolicy } from "./address-guard";

export function addressPolicy(): AddressPolicy {
  return { production: isProduction(), allowPrivate: env().WEBHOOK_ALLOW_PRIVATE };
}
