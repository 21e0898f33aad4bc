// Which source this process believes for a client's address, decided from CLIENT_IP_SOURCE and how
// the app was started. server.ts sees the socket and rewrites X-Forwarded-For itself; a platform's
// `next start` (or Vercel) cannot see the socket, so only a header the platform guarantees, or
// X-Forwarded-For counted from the right across its proxies, can be believed there. A production
// server that has neither refuses to start (instrumentation.ts) rather than trust what clients write.
// Believing a header is only safe when nobody but the platform can reach the origin: start-up says
// so once, with the firewall rule each source needs.
import "server-only";
import { env, isProduction, type ClientIpSource } from "@/lib/env";
import { TRUSTED_FORWARDING } from "./forwarding";
import { logger } from "@/lib/observability/log";

/** The one header each platform source believes; every other header is ignored under it. */
export const SOURCE_HEADERS = {
  vercel: "x-real-ip",
  cloudflare: "cf-connecting-ip",
  fly: "fly-client-ip",
  netlify: "x-nf-client-connection-ip",
} as const satisfies Partial<Record<ClientIpSource, string>>;

export class ClientIpSourceError extends Error {}

/** True in a process started by server.ts, which rewrote X-Forwarded-For from the socket. */
export function startedByServer(): boolean {
  return Boolean((globalThis as Record<symbol, unknown>)[TRUSTED_FORWARDING]);
}

function resolve(): ClientIpSource | ClientIpSourceError {
  const { CLIENT_IP_SOURCE: chosen, TRUSTED_PROXY_HOPS: hops, VERCEL: onVercel } = env();
  const server = startedByServer();
  if (chosen === "vercel" && server) {
    return new ClientIpSourceError("CLIENT_IP_SOURCE=vercel applies where Vercel runs Next itself; under npm start use socket or proxy.");
  }
  // Only Vercel's own runtime sets VERCEL=1; anywhere else x-real-ip is whatever the caller wrote.
  if (chosen === "vercel" && !onVercel) {
    return new ClientIpSourceError(
      "CLIENT_IP_SOURCE=vercel needs VERCEL=1, which Vercel sets where it runs Next itself: elsewhere anyone who reaches the server writes x-real-ip and chooses their own address. Name your platform's header (cloudflare, fly, netlify), or use proxy with TRUSTED_PROXY_HOPS.",
    );
  }
  if (chosen === "socket" && !server && isProduction()) {
    return new ClientIpSourceError(
      "CLIENT_IP_SOURCE=socket needs `npm start` (server.ts), which sees the socket; under `next start` name the platform's header (vercel, cloudflare, fly, netlify) or use proxy with TRUSTED_PROXY_HOPS.",
    );
  }
  if (chosen) return chosen;
  // `vercel env pull` copies VERCEL=1 into local files: npm start and npm run dev keep the socket.
  if (server) return hops > 0 ? "proxy" : "socket";
  if (onVercel) return "vercel";
  // Development and tests without server.ts: X-Forwarded-For as server.ts would have written it.
  if (!isProduction()) return "socket";
  return new ClientIpSourceError(
    "Client addresses cannot be trusted under a plain `next start`: set CLIENT_IP_SOURCE to the header your platform guarantees (vercel, cloudflare, fly, netlify), or to proxy with TRUSTED_PROXY_HOPS, or start the app with `npm start`.",
  );
}

/** The source to believe; throws when this process has none it may trust. */
export function clientIpSource(): ClientIpSource {
  const source = resolve();
  if (source instanceof ClientIpSourceError) throw source;
  return source;
}

/** Called when the server starts: a production server with no trustworthy source does not start. */
export function assertClientIpSource(): void {
  clientIpSource();
}

const EXPOSURE_WARNED = Symbol.for("pictura.originExposureWarned");

/**
 * What the origin's firewall must do for this source to be believed, or null where no client can
 * write the address (the socket; Vercel and Netlify, whose functions have no address of their own).
 */
export function originExposureRule(source: ClientIpSource): string | null {
  const lead = `[client-ip] CLIENT_IP_SOURCE=${source}`;
  switch (source) {
    case "cloudflare":
      return `${lead} believes CF-Connecting-IP, so the origin must accept traffic from Cloudflare alone: allow only Cloudflare's published IP ranges (https://www.cloudflare.com/ips/) to the app's port, or use Authenticated Origin Pulls or a Cloudflare Tunnel; whoever reaches it directly chooses their own address.`;
    case "fly":
      return `${lead} believes Fly-Client-IP, so the app must be reached through Fly's proxy alone: give it no public IP other than Fly's proxy (listen on the private network; only fly-proxy reaches it); whoever reaches it directly chooses their own address.`;
    case "proxy": {
      const hops = env().TRUSTED_PROXY_HOPS;
      return `${lead} believes X-Forwarded-For across TRUSTED_PROXY_HOPS=${hops} ${hops === 1 ? "proxy" : "proxies"}, so the app must accept traffic from the proxy alone: allow only the proxy's address to reach the app's port; whoever reaches it directly chooses their own address.`;
    }
    default:
      return null;
  }
}

/** Logs the source's firewall rule once per process, at start (npm start and a platform's next start alike). */
export function warnAboutOriginExposure(): void {
  const state = globalThis as Record<symbol, unknown>;
  if (state[EXPOSURE_WARNED]) return;
  const rule = originExposureRule(clientIpSource());
  if (!rule) return;
  state[EXPOSURE_WARNED] = true;
  logger("client-ip").warn(rule);
}
