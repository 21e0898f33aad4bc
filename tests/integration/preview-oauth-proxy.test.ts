/**
 * @jest-environment node
 */
// Google sign-in on a preview whose host changes with every deploy, through Auth.js's redirect proxy
// (AUTH_REDIRECT_PROXY_URL): Google only knows the stable deployment's callback, which forwards the
// answer to the preview that asked; the preview then exchanges the code itself. Both run this same
// handler here, switched by their settings, against a fake Google on loopback.
import { NextRequest } from "next/server";
import { handlers } from "@/lib/auth/auth";
import { env } from "@/lib/env";
import { previewEnv, restoreEnvAfterEach, setEnv } from "./preview-env";
import { withFakeGoogle } from "../fakes/google-oidc-process";

const STABLE = "https://pictura.example";
const PREVIEW = "https://pr-12.preview.pictura.example";
restoreEnvAfterEach();

const google = withFakeGoogle();

/** One browser's cookies for one host. */
class Jar {
  private cookies = new Map<string, string>();
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const index = pair.indexOf("=");
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(pair.slice(0, index));
      else this.cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  names(): string[] {
    return [...this.cookies.keys()];
  }
}

/** Runs as one deployment: its own APP_URL (from which Auth.js's AUTH_URL is derived), both with the proxy set. */
function runAs(origin: string): void {
  if (origin === PREVIEW) previewEnv({ APP_URL: PREVIEW });
  else setEnv({ NODE_ENV: "production", APP_URL: STABLE, APP_ENV: undefined, PREVIEW_NAME: undefined });
  setEnv({
    AUTH_URL: undefined,
    AUTH_REDIRECT_PROXY_URL: `${STABLE}/api/auth`,
    AUTH_GOOGLE_ID: "fake-google-client",
    AUTH_GOOGLE_SECRET: "fake-google-secret",
    AUTH_GOOGLE_ISSUER: google.issuer(),
  });
}

it("signs in on the preview through the stable deployment's callback", async () => {
  const browser = new Jar();
  runAs(PREVIEW);
  const csrf = await handlers.GET(new NextRequest(`${PREVIEW}/api/auth/csrf`));
  browser.store(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signIn = await handlers.POST(
    new NextRequest(`${PREVIEW}/api/auth/signin/google`, {
      method: "POST",
      headers: { cookie: browser.header(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${PREVIEW}/gallery` }).toString(),
    }),
  );
  browser.store(signIn);
  const authorize = new URL(signIn.headers.get("location")!);
  expect(authorize.origin).toBe(google.issuer());
  // Google is asked to answer at the stable address it knows, not at this preview's.
  expect(authorize.searchParams.get("redirect_uri")).toBe(`${STABLE}/api/auth/callback/google`);

  const answer = await fetch(authorize, { redirect: "manual" });
  const stableCallback = answer.headers.get("location")!;
  expect(stableCallback.startsWith(`${STABLE}/api/auth/callback/google?`)).toBe(true);

  // The stable deployment holds none of the preview's cookies: it forwards Google's answer as it is.
  runAs(STABLE);
  const forwarded = await handlers.GET(new NextRequest(stableCallback));
  const previewCallback = new URL(forwarded.headers.get("location")!);
  expect(`${previewCallback.origin}${previewCallback.pathname}`).toBe(`${PREVIEW}/api/auth/callback/google`);
  expect(previewCallback.search).toBe(new URL(stableCallback).search);

  runAs(PREVIEW);
  const done = await handlers.GET(new NextRequest(previewCallback, { headers: { cookie: browser.header() } }));
  browser.store(done);
  expect(done.headers.get("location")).toBe(`${PREVIEW}/gallery`);
  expect(browser.names()).toContain("__Secure-pictura.session-token");
  // Auth.js got the preview's own address from APP_URL: the redirect proxy needs nothing more.
  expect(process.env.AUTH_URL).toBe(`${PREVIEW}/api/auth`);
});

it("refuses a preview whose APP_URL is the stable deployment's, which would forward sign-ins to itself", () => {
  runAs(PREVIEW);
  setEnv({ APP_URL: STABLE });
  expect(() => env()).toThrow(/APP_URL: APP_URL must be this preview's own address/);
  setEnv({ APP_URL: PREVIEW, AUTH_REDIRECT_PROXY_URL: `${STABLE}/auth` });
  expect(() => env()).toThrow(/AUTH_REDIRECT_PROXY_URL must end in \/api\/auth/);
});
