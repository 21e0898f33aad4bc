/**
 * @jest-environment node
 */
// Google sign-in on a loopback public address (local development: APP_URL=http://127.0.0.1:PORT).
// Next.js hands route handlers every loopback host as "localhost", so Auth.js's callback sees
// http://localhost:PORT while the sign-in started by GET /api/auth/google names 127.0.0.1; Google
// refuses a code exchange whose redirect_uri differs from the authorization's. Both legs must name
// the address the browser is on, and the sign-in must end there, signed in.
import { getURLFromRedirectError } from "next/dist/client/components/redirect";
import { NextRequest } from "next/server";
import { GET as startGoogle } from "@/app/api/auth/google/route";
import { GET as authJs } from "@/app/api/auth/[...nextauth]/route";
import { browser, cookieHeader, current, keep } from "./oauth-browser";
import { restoreEnvAfterEach, setEnv } from "./preview-env";
import { freePort, withFakeGoogle } from "../fakes/google-oidc-process";

jest.mock("next/headers", () => jest.requireActual("./oauth-browser").nextHeadersMock);

restoreEnvAfterEach();

const google = withFakeGoogle();

/** GET /api/auth/google as Next runs it: signIn() ends the handler by throwing Next's redirect. */
async function startSignIn(site: string, returnTo: string): Promise<URL> {
  current.headers = new Headers({ host: new URL(site).host, "x-forwarded-proto": "http" });
  const request = new NextRequest(`${site}/api/auth/google?returnTo=${encodeURIComponent(returnTo)}`, { headers: current.headers });
  const thrown = await startGoogle(request).then(
    (response) => new Error(`expected a redirect into Google, got ${response.status} ${response.headers.get("location")}`),
    (error: unknown) => error,
  );
  const location = getURLFromRedirectError(thrown as Parameters<typeof getURLFromRedirectError>[0]);
  if (!location) throw thrown;
  return new URL(location);
}

/** Each leg's redirect_uri, as the fake Google saw them for this code. */
async function exchangesOf(code: string) {
  return (await fetch(`${google.issuer()}/_test/exchanges?code=${encodeURIComponent(code)}`)).json();
}

it.each([
  ["APP_URL and AUTH_URL", (site: string) => ({ APP_URL: site, AUTH_URL: `${site}/api/auth` })],
  ["APP_URL alone", (site: string) => ({ APP_URL: site, AUTH_URL: undefined })],
])("names one redirect_uri in both legs with %s on http://127.0.0.1:PORT, and signs in there", async (_label, settings) => {
  const site = `http://127.0.0.1:${await freePort()}`;
  browser.clear();
  setEnv({
    ...settings(site),
    AUTH_GOOGLE_ID: "fake-google-client",
    AUTH_GOOGLE_SECRET: "fake-google-secret",
    AUTH_GOOGLE_ISSUER: google.issuer(),
    AUTH_REDIRECT_PROXY_URL: undefined,
  });
  const callback = `${site}/api/auth/callback/google`;

  const authorize = await startSignIn(site, "/gallery");
  expect(authorize.origin).toBe(google.issuer());
  expect(authorize.searchParams.get("redirect_uri")).toBe(callback);

  const answer = await fetch(authorize, { redirect: "manual" });
  const back = new URL(answer.headers.get("location")!);
  expect(`${back.origin}${back.pathname}`).toBe(callback);
  const code = back.searchParams.get("code")!;

  // Next hands the route handler the callback as http://localhost:PORT, whatever the browser asked.
  const done = await authJs(new NextRequest(back, { headers: { cookie: cookieHeader() } }));
  keep(done);
  expect(await exchangesOf(code)).toEqual([{ code, authorized: callback, exchanged: callback }]);
  // Back where the browser started, on the address its new session cookie belongs to.
  expect(done.headers.get("location")).toBe(`${site}/gallery`);
  expect([...browser.keys()]).toContain("pictura.session-token");
});

it("leaves a host name's sign-in as it was: both legs on APP_URL", async () => {
  browser.clear();
  const site = "http://localhost:3000";
  setEnv({
    APP_URL: site,
    AUTH_URL: undefined,
    AUTH_GOOGLE_ID: "fake-google-client",
    AUTH_GOOGLE_SECRET: "fake-google-secret",
    AUTH_GOOGLE_ISSUER: google.issuer(),
    AUTH_REDIRECT_PROXY_URL: undefined,
  });
  const authorize = await startSignIn(site, "/gallery");
  const back = new URL((await fetch(authorize, { redirect: "manual" })).headers.get("location")!);
  const code = back.searchParams.get("code")!;
  const done = await authJs(new NextRequest(back, { headers: { cookie: cookieHeader() } }));
  const callback = `${site}/api/auth/callback/google`;
  expect(await exchangesOf(code)).toEqual([{ code, authorized: callback, exchanged: callback }]);
  expect(done.headers.get("location")).toBe(`${site}/gallery`);
});
