// Which address a request really comes from, decided once where the socket is known (server.ts):
// the socket's peer, or — behind TRUSTED_PROXY_HOPS reverse proxies — the address the outermost
// trusted proxy saw. Forwarding headers a client wrote itself are never believed.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";

/** Headers only a trusted proxy may set; with no trusted hop they are removed. */
const PROXY_HEADERS = ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-real-ip", "forwarded"];

/**
 * The name under which server.ts marks this process as one whose forwarding headers it rewrote; set
 * before Next prepares, so the start-up checks in instrumentation.ts see it too.
 */
export const TRUSTED_FORWARDING = Symbol.for("pictura.trustedForwarding");

function normalize(address: string): string {
  const trimmed = address.trim();
  // IPv4 peers of a dual-stack socket show as ::ffff:1.2.3.4.
  return trimmed.startsWith("::ffff:") && trimmed.includes(".") ? trimmed.slice(7) : trimmed;
}

function forwardedChain(forwardedFor: string | string[] | null | undefined): string[] {
  return (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? ""))
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map(normalize);
}

/**
 * The client's address: each trusted proxy appends the address it received the request from to
 * X-Forwarded-For, so with N trusted hops the client is the N-th address from the right of
 * [...X-Forwarded-For, socket peer]. Anything further left was written by the client.
 */
export function clientAddressOf(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trustedHops: number): string {
  const chain = [...forwardedChain(forwardedFor), normalize(socketAddress ?? "unknown")];
  return chain[Math.max(0, chain.length - 1 - Math.max(0, trustedHops))]!;
}

/**
 * The same count where the socket cannot be seen (a platform's `next start`): the last proxy's own
 * entry is then the rightmost of X-Forwarded-For, so the client is the N-th from the right.
 * Undefined when there is no X-Forwarded-For at all.
 */
export function forwardedClientOf(forwardedFor: string | null | undefined, trustedHops: number): string | undefined {
  const chain = forwardedChain(forwardedFor);
  return chain.length ? chain[Math.max(0, chain.length - Math.max(1, trustedHops))] : undefined;
}

/** Rewrites a request's headers in place so X-Forwarded-For holds the one trusted client address. */
export function applyTrustedForwarding(headers: IncomingHttpHeaders, socketAddress: string | undefined, trustedHops: number): string {
  const address = clientAddressOf(socketAddress, headers["x-forwarded-for"], trustedHops);
  if (trustedHops === 0) for (const name of PROXY_HEADERS) delete headers[name];
  delete headers["x-real-ip"];
  headers["x-forwarded-for"] = address;
  return address;
}

type NodeHandler = (request: IncomingMessage, response: ServerResponse) => unknown;

/** Wraps a Node request handler (Next's) so every request reaches it with trusted forwarding headers. */
export function withTrustedForwarding(handle: NodeHandler, trustedHops: number): NodeHandler {
  return (request, response) => {
    applyTrustedForwarding(request.headers, request.socket.remoteAddress, trustedHops);
    return handle(request, response);
  };
}
