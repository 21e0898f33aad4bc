// Who is on the other end of a call, as the services need it: the address limits count, the site's
// origin for links in mail, the language and device of a sign-in, and whether the caller is still
// there. Each is worked out from the request the first time a handler asks for it, so a handler that
// never asks pays nothing. Services receive these values, never the request they came from.
import "server-only";
import { clientIp } from "./client-ip";
import { localeOfRequest } from "@/lib/auth/request-locale";
import { signInContext, type SignInContext } from "@/lib/auth/sessions";
import type { Locale } from "@/lib/i18n/locales";
import { siteOrigin } from "./site-origin";

export interface Client {
  /** The address rate limits and guest operations count (lib/http/client-ip.ts). */
  readonly ip: string;
  /** The origin visitors reach the site at: APP_URL, else the request's own host (lib/http/site-origin.ts). */
  readonly origin: string;
  /** The caller's language: their saved choice, else their browser's. */
  readonly locale: Locale;
  /** The device and country a new session is recorded with. */
  readonly signIn: SignInContext;
  /** Aborted when the caller goes away. */
  readonly signal: AbortSignal;
}

export function clientOf(request: Request): Client {
  let origin: string | undefined;
  let locale: Locale | undefined;
  let signIn: SignInContext | undefined;
  return {
    get ip() {
      return clientIp(request);
    },
    get origin() {
      return (origin ??= siteOrigin(request));
    },
    get locale() {
      return (locale ??= localeOfRequest(request.headers));
    },
    get signIn() {
      return (signIn ??= signInContext(request.headers));
    },
    get signal() {
      return request.signal;
    },
  };
}
