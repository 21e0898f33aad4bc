// Who is on the other end of a call, as the services need it: the address limits count, the site's
// origin for links in mail, the language and device of a sign-in, what they prefer and what they
// sent, and whether they are still there. Each is worked out from the request the first time a
// handler asks for it, so a handler that never asks pays nothing. Services receive these values,
// never the request they came from.
import "server-only";
import { guestKeyCookieName, guestKeyCookieOptions, guestKeyCookieValue, guestKeyHashOf, guestKeyIn, newGuestKey } from "@/lib/auth/guest-key";
import { localeOfRequest } from "@/lib/auth/request-locale";
import { signInContext, type SignInContext } from "@/lib/auth/sessions";
import { assertNoNul } from "./text-rules";
import type { Locale } from "@/lib/i18n/locales";
import type { ImageCaller, SentBody } from "@/lib/imaging/caller";
import { IMAGE_JSON_BODY_LIMIT, readJsonBody, readUploadForm } from "./body";
import { clientIp } from "./client-ip";
import { requestOrigin, siteOrigin } from "./site-origin";

export interface Client extends ImageCaller {
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

/** RFC 7240: `Prefer: respond-async`, among any other preferences. */
function prefersAsync(request: Request): boolean {
  return (request.headers.get("prefer") ?? "").split(",").some((preference) => preference.trim().toLowerCase().split(";")[0]?.trim() === "respond-async");
}

function isForm(request: Request): boolean {
  return (request.headers.get("content-type") ?? "").startsWith("multipart/form-data");
}

/** The guest key cookies a call's answer must carry, by its client. */
const issuedGuestKeys = new WeakMap<Client, string>();

/**
 * The answer with the guest key cookie its call claimed (lib/auth/guest-key.ts), if any. Only an
 * answer that went through carries it: a refused call (a second one while the first is in flight)
 * must not replace the key the first one's files are stored under.
 */
export function withIssuedCookies(client: Client, response: Response): Response {
  const key = issuedGuestKeys.get(client);
  if (key === undefined || response.status >= 400) return response;
  const options = guestKeyCookieOptions();
  const cookie = [
    `${guestKeyCookieName()}=${guestKeyCookieValue(key)}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAge}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
  try {
    response.headers.append("Set-Cookie", cookie);
    return response;
  } catch {
    // Headers that cannot change (a response passed on as it came): the same answer, with the cookie.
    const copy = new Response(response.body, response);
    copy.headers.append("Set-Cookie", cookie);
    return copy;
  }
}

export function clientOf(request: Request): Client {
  let guestKey: string | null | undefined;
  const readKey = () => (guestKey === undefined ? (guestKey = guestKeyIn(request.headers)) : guestKey);
  let origin: string | undefined;
  let locale: Locale | undefined;
  let signIn: SignInContext | undefined;
  const client: Client = {
    get ip() {
      return clientIp(request);
    },
    get origin() {
      return (origin ??= siteOrigin(request));
    },
    get fileOrigins() {
      return [requestOrigin(request), (origin ??= siteOrigin(request))];
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
    get guestKeyHash() {
      const key = readKey();
      return key === null ? null : guestKeyHashOf(key);
    },
    claimGuestKey() {
      const key = (guestKey = readKey() ?? newGuestKey());
      issuedGuestKeys.set(client, key);
      return guestKeyHashOf(key);
    },
    get sendsForm() {
      return isForm(request);
    },
    get prefersAsync() {
      return prefersAsync(request);
    },
    readForm: (files) => readUploadForm(request, files),
    async readSent(files): Promise<SentBody> {
      if (isForm(request)) return { form: await readUploadForm(request, files) };
      const json = await readJsonBody(request, IMAGE_JSON_BODY_LIMIT);
      assertNoNul(json, "request body");
      return { json };
    },
  };
  return client;
}
