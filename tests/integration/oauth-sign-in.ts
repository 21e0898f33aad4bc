// A Google sign-in through Auth.js against the fake Google (tests/fakes/google-oidc-process.ts), as a
// browser makes it: GET /api/auth/google, the authorization (as `email`), then the callback, keeping
// the cookies in the fake browser (./oauth-browser, which the test file mocks next/headers with).
import { getURLFromRedirectError } from "next/dist/client/components/redirect";
import { NextRequest } from "next/server";
import { GET as startGoogle } from "@/app/api/auth/google/route";
import { GET as authJs } from "@/app/api/auth/[...nextauth]/route";
import { cookieHeader, current, keep } from "./oauth-browser";

/** The settings of a site at `site` whose Google sign-in is the fake one at `issuer`. */
export function fakeGoogleSettings(site: string, issuer: string) {
  return {
    APP_URL: site,
    AUTH_URL: undefined,
    AUTH_GOOGLE_ID: "fake-google-client",
    AUTH_GOOGLE_SECRET: "fake-google-secret",
    AUTH_GOOGLE_ISSUER: issuer,
    AUTH_REDIRECT_PROXY_URL: undefined,
  };
}

/** One Google sign-in as `email`, returning to /gallery, to Auth.js's answer to the callback. */
export async function signInWithGoogle(site: string, email: string, language = "en"): Promise<Response> {
  current.headers = new Headers({ host: new URL(site).host, "x-forwarded-proto": "http", "accept-language": language });
  const thrown = await startGoogle(new NextRequest(`${site}/api/auth/google?returnTo=%2Fgallery`, { headers: current.headers })).then(
    () => new Error("expected a redirect into Google"),
    (error: unknown) => error,
  );
  const authorize = new URL(getURLFromRedirectError(thrown as Parameters<typeof getURLFromRedirectError>[0])!);
  authorize.searchParams.set("login_hint", email);
  const back = new URL((await fetch(authorize, { redirect: "manual" })).headers.get("location")!);
  const done = await authJs(new NextRequest(back, { headers: { cookie: cookieHeader(), "accept-language": language } }));
  keep(done);
  return done;
}
