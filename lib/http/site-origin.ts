// The origin visitors use to reach the site: APP_URL when set (always in production), else what the
// request's Host says. X-Forwarded-Host and -Proto are believed only behind trusted proxies
// (TRUSTED_PROXY_HOPS > 0): otherwise any client could name the host our redirects point to.
// Next reports route handlers' request.url with the host the server was started on, which is not
// always the one in the browser.
import { env } from "@/lib/env";

export function requestOrigin(request: Request): string {
  const url = new URL(request.url);
  const behindProxy = env().TRUSTED_PROXY_HOPS > 0;
  const forwardedHost = behindProxy ? request.headers.get("x-forwarded-host") : null;
  const forwardedProto = behindProxy ? request.headers.get("x-forwarded-proto") : null;
  const host = forwardedHost ?? request.headers.get("host") ?? url.host;
  const proto = forwardedProto ?? url.protocol.replace(":", "");
  return `${proto}://${host}`;
}

export function siteOrigin(request: Request): string {
  const appUrl = env().APP_URL;
  return appUrl ? new URL(appUrl).origin : requestOrigin(request);
}
