// The origin visitors use to reach the site: APP_URL when set, else what the request's Host (or a
// trusted proxy's forwarded headers) says. Next reports route handlers' request.url with the host
// the server was started on, which is not always the one in the browser.
import { env } from "@/lib/env";

export function requestOrigin(request: Request): string {
  const url = new URL(request.url);
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? url.host;
  const proto = request.headers.get("x-forwarded-proto") ?? url.protocol.replace(":", "");
  return `${proto}://${host}`;
}

export function siteOrigin(request: Request): string {
  const appUrl = env().APP_URL;
  return appUrl ? new URL(appUrl).origin : requestOrigin(request);
}
