/**
 * @jest-environment node
 */
// Google sign-in of a suspended account: the provider's answer starts no session, and the browser lands
// on the sign-in page with the suspension's notice, in the visitor's language.
import { NextRequest } from "next/server";
import { getURLFromRedirectError } from "next/dist/client/components/redirect";
import { GET as startGoogle } from "@/app/api/auth/google/route";
import { GET as authJs } from "@/app/api/auth/[...nextauth]/route";
import { db } from "@/lib/db";
import { browser, cookieHeader, current, keep } from "./oauth-browser";
import { restoreEnvAfterEach, setEnv } from "./preview-env";
import { freePort, withFakeGoogle } from "../fakes/google-oidc-process";
import { uniqueEmail } from "./helpers";

jest.mock("next/headers", () => jest.requireActual("./oauth-browser").nextHeadersMock);

restoreEnvAfterEach();
const google = withFakeGoogle();

/** One Google sign-in as `email`, to Auth.js's answer to the callback. */
async function signInWithGoogle(site: string, email: string, language = "en"): Promise<Response> {
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

it("sends a suspended account from Google to the sign-in page's notice, with no session", async () => {
  const site = `http://127.0.0.1:${await freePort()}`;
  setEnv({
    APP_URL: site,
    AUTH_URL: undefined,
    AUTH_GOOGLE_ID: "fake-google-client",
    AUTH_GOOGLE_SECRET: "fake-google-secret",
    AUTH_GOOGLE_ISSUER: google.issuer(),
    AUTH_REDIRECT_PROXY_URL: undefined,
  });
  const email = uniqueEmail("google-suspended");
  browser.clear();
  expect((await signInWithGoogle(site, email)).headers.get("location")).toBe(`${site}/gallery`);
  const user = await db.user.findUniqueOrThrow({ where: { email } });
  await db.authSession.deleteMany({ where: { userId: user.id } });
  await db.user.update({ where: { id: user.id }, data: { suspendedAt: new Date(), suspensionCategory: "fraud", suspensionReason: "Stolen cards used" } });

  browser.clear();
  const answer = await signInWithGoogle(site, email);
  expect(answer.headers.get("location")).toBe(`${site}/auth?error=suspended&category=fraud`);
  expect([...browser.keys()].some((name) => name.includes("session-token"))).toBe(false);
  expect(await db.authSession.count({ where: { userId: user.id } })).toBe(0);

  browser.clear();
  expect((await signInWithGoogle(site, email, "es")).headers.get("location")).toBe(`${site}/es/auth?error=suspended&category=fraud`);
});
