// Refuses state-changing requests that a browser sends from another site (CSRF defence in depth,
// on top of SameSite=Lax cookies).
import { env } from "@/lib/env";
import { requestOrigin } from "./site-origin";

export function isCrossSiteRequest(request: Request): boolean {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite === "cross-site") return true;
  const origin = request.headers.get("origin");
  // Browsers always send Origin on cross-origin POSTs; non-browser clients carry no ambient cookies risk.
  if (!origin) return false;
  const allowed = new Set([requestOrigin(request)]);
  const appUrl = env().APP_URL;
  if (appUrl) allowed.add(new URL(appUrl).origin);
  return !allowed.has(origin);
}
