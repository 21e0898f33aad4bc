// Which source this process believes for a client's address, decided from CLIENT_IP_SOURCE and how
// the app was started. server.ts sees the socket and rewrites X-Forwarded-For itself; a platform's
// `next start` (or Vercel) cannot see the socket, so only a header the platform guarantees, or
// X-Forwarded-For counted from the right across its proxies, can be believed there. A production
// server that has neither refuses to start (instrumentation.ts) rather than trust what clients write.
import "server-only";
import { env, isProduction, type ClientIpSource } from "@/lib/env";
import { TRUSTED_FORWARDING } from "./forwarding";

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
