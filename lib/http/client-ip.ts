// The caller's address as rate limits and guest operations count it, resolved once per request from
// the one source this process believes (lib/http/client-ip-source.ts): under server.ts, the address
// it put in X-Forwarded-For from the socket or its trusted proxy hops; under a platform's Next.js,
// only the header that platform guarantees (a client-written X-Forwarded-For is never read then),
// or X-Forwarded-For counted from the right across TRUSTED_PROXY_HOPS proxies.
// A request whose source header is missing counts in one shared "unknown" bucket, logged once.
// An IPv6 address counts by its /64 network: one subscriber usually holds the whole /64, and could
// otherwise take a fresh address for every try.
import { isIP, isIPv6 } from "node:net";
import { env, type ClientIpSource } from "@/lib/env";
import { clientIpSource, SOURCE_HEADERS, startedByServer } from "./client-ip-source";
import { forwardedClientOf } from "./forwarding";
import { logger } from "@/lib/observability/log";

/** The shared bucket of every request whose source said nothing usable. */
export const UNKNOWN_CLIENT = "unknown";

const WARNED = Symbol.for("pictura.unknownClientWarned");
const resolved = new WeakMap<Request, string>();

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

/** What the source says, before any check; undefined when its header is absent. */
function reported(headers: Headers, source: ClientIpSource): string | undefined {
  if (source === "socket" || (source === "proxy" && startedByServer())) {
    // server.ts left exactly one address here; without it (development, tests) the first entry.
    return headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  }
  if (source === "proxy") return forwardedClientOf(headers.get("x-forwarded-for"), env().TRUSTED_PROXY_HOPS);
  return headers.get(SOURCE_HEADERS[source])?.trim();
}

function normalized(address: string | undefined): string | undefined {
  const plain = address?.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
  if (!plain || !isIP(plain)) return undefined;
  return isIPv6(plain) ? ipv6Network(plain) : plain;
}

function unknownClient(source: ClientIpSource): string {
  const state = globalThis as Record<symbol, unknown>;
  if (!state[WARNED]) {
    state[WARNED] = true;
    const where = source === "socket" || source === "proxy" ? "X-Forwarded-For" : SOURCE_HEADERS[source];
    logger("client-ip").warn(
      `A request came without a usable ${where} (CLIENT_IP_SOURCE=${source}); such requests share one "${UNKNOWN_CLIENT}" rate-limit bucket. Logged once per process.`,
    );
  }
  return UNKNOWN_CLIENT;
}

export function clientIp(request: Request): string {
  let address = resolved.get(request);
  if (address === undefined) {
    const source = clientIpSource();
    address = normalized(reported(request.headers, source)) ?? unknownClient(source);
    resolved.set(request, address);
  }
  return address;
}
