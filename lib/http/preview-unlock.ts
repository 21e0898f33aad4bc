// The password form's answer (POST /api/preview/access): the right password sets the access cookie
// and returns the visitor to the page they asked for; a wrong one returns them to the form with a
// reason. A plain HTML form, so the gate works before and without any script. Tries are counted per
// client address in PostgreSQL (lib/rate-limit/counters.ts), so guessing is bounded on every server.
import "server-only";
import { NextResponse } from "next/server";
import type { Client } from "./client";
import { returnHit, takeHit } from "@/lib/rate-limit/counters";
import { usesSecureCookies } from "@/lib/auth/secure-cookies";
import { NotFoundError } from "@/lib/errors";
import { safeReturnPath } from "./return-path";
import { assertNoNul } from "./text-rules";
import { defaultLocale, isLocale, type Locale } from "@/lib/i18n/locales";
import { localizedPath } from "@/lib/i18n/pages";
import { isPreviewPassword, PREVIEW_ACCESS_MAX_AGE_SECONDS, previewAccessCookieName, previewAccessToken } from "@/lib/preview/access";
import { siteSettings } from "@/lib/settings/site";

/** Tries per client address in each window, right ones included until they succeed. */
export const PREVIEW_ACCESS_TRIES = 10;
export const PREVIEW_ACCESS_WINDOW_SECONDS = 15 * 60;

export type PreviewAccessProblem = "wrong" | "limited";

function backToForm(origin: string, locale: Locale, next: string, problem: PreviewAccessProblem, retryAfter?: number): Response {
  const form = new URL(localizedPath(locale, "/preview/access"), origin);
  form.searchParams.set("next", next);
  form.searchParams.set("error", problem);
  const response = NextResponse.redirect(form, 303);
  if (retryAfter) response.headers.set("Retry-After", String(retryAfter));
  return response;
}

/** Answers the form sent as `formText` by the client at `client.ip`, which reached the site at `client.origin`. */
export async function unlockPreview(formText: string, client: Pick<Client, "ip" | "origin">): Promise<Response> {
  const password = siteSettings().preview?.password;
  if (!password) throw new NotFoundError("This site asks for no preview password.");
  const form = Object.fromEntries(new URLSearchParams(formText));
  assertNoNul(form, "request body");
  const locale = isLocale(form.locale) ? form.locale : defaultLocale;
  const next = safeReturnPath(form.next, localizedPath(locale, "/"));
  const origin = client.origin;
  // Counted before the comparison, so a right guess after the limit is refused like a wrong one.
  const key = `preview-access:ip:${client.ip}`;
  const wait = await takeHit([{ key, max: PREVIEW_ACCESS_TRIES, windowSeconds: PREVIEW_ACCESS_WINDOW_SECONDS }]);
  if (wait !== null) return backToForm(origin, locale, next, "limited", wait);
  if (!isPreviewPassword(form.password ?? "", password)) return backToForm(origin, locale, next, "wrong");
  await returnHit([key]);
  const response = NextResponse.redirect(new URL(next, origin), 303);
  response.cookies.set(previewAccessCookieName(), previewAccessToken(password), {
    httpOnly: true,
    secure: usesSecureCookies(),
    sameSite: "lax",
    path: "/",
    maxAge: PREVIEW_ACCESS_MAX_AGE_SECONDS,
  });
  return response;
}
