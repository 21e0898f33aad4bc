// The caller's address as rate limits count it, from what server.ts decided from the socket and the
// trusted proxy hops (it rewrites X-Forwarded-For on every request to exactly one trusted address).
// An IPv6 address counts by its /64 network: one subscriber usually holds the whole /64, and could
// otherwise take a fresh address for every try.
import { isIPv6 } from "node:net";
import { isProduction } from "@/lib/env";
import { TRUSTED_FORWARDING } from "@/lib/http/forwarding";

/** The first four groups of an IPv6 address, e.g. 2001:db8:0:1::/64. */
export function ipv6Network(address: string): string {
  const [head = "", tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = address.includes("::") ? (tail ? tail.split(":") : []) : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}

export function clientIp(request: Request): string {
  if (isProduction() && !(globalThis as Record<symbol, unknown>)[TRUSTED_FORWARDING]) {
    // Under a bare `next start` the header is whatever the client wrote: refuse rather than trust it.
    throw new Error("Client addresses are only trustworthy when the app is started with `npm start` (server.ts).");
  }
  const address = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "unknown";
  return isIPv6(address) ? ipv6Network(address) : address;
}
