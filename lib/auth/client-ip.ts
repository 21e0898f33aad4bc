// The caller's address, as server.ts decided it from the socket and the trusted proxy hops. It
// rewrites X-Forwarded-For on every request, so the header holds exactly one trusted address.
import { TRUSTED_FORWARDING } from "@/lib/http/forwarding";
import { isProduction } from "@/lib/env";

export function clientIp(request: Request): string {
  if (isProduction() && !(globalThis as Record<symbol, unknown>)[TRUSTED_FORWARDING]) {
    // Under a bare `next start` the header is whatever the client wrote: refuse rather than trust it.
    throw new Error("Client addresses are only trustworthy when the app is started with `npm start` (server.ts).");
  }
  return request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "unknown";
}
