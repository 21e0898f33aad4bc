// The app as production runs it: bound to 127.0.0.1 on one port, reached through a reverse proxy on
// another (which, as nginx does by default, sends the upstream's own Host). Every URL the app gives
// the outside world — the redirect_uri in both legs of Google sign-in, Auth.js's own redirects, the
// language redirect — must be on the public origin, APP_URL, never on the address it is bound to.
import { expect, test } from "@playwright/test";
import { ReverseProxy } from "../fakes/reverse-proxy";
import { startAppServer, type AppServer } from "./app-server";

const APP_PORT = 3171;
const PUBLIC_PORT = 3172;
// A host name, as a public origin is (Next reads any loopback address as "localhost").
const PUBLIC = `http://localhost:${PUBLIC_PORT}`;
const FAKE_GOOGLE = `http://127.0.0.1:${process.env.FAKE_GOOGLE_PORT ?? 3199}`;

let app: AppServer;
let proxy: ReverseProxy;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  app = await startAppServer({
    port: APP_PORT,
    env: {
      APP_URL: PUBLIC,
      TRUSTED_PROXY_HOPS: "1",
      AUTH_GOOGLE_ID: "fake-google-client",
      AUTH_GOOGLE_SECRET: "fake-google-secret",
      AUTH_GOOGLE_ISSUER: FAKE_GOOGLE,
      BILLING_SANDBOX: "true",
    },
  });
  proxy = await new ReverseProxy({ upstream: app.origin, host: "upstream" }).start(PUBLIC_PORT);
});

test.afterAll(async () => {
  await proxy?.stop();
  await app?.stop();
});

/** A cookie jar as a browser keeps one for a single site. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...value] = pair!.split("=");
      if (/max-age=0|expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join("="));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  has(pattern: RegExp): boolean {
    return [...this.cookies.keys()].some((name) => pattern.test(name));
  }
}

async function visit(url: string, jar?: Jar, headers: Record<string, string> = {}): Promise<{ status: number; location: URL | null }> {
  const response = await fetch(url, { redirect: "manual", headers: { ...(jar ? { cookie: jar.header() } : {}), ...headers } });
  jar?.take(response);
  const location = response.headers.get("location");
  await response.arrayBuffer();
  return { status: response.status, location: location ? new URL(location, url) : null };
}

test("Google sign-in sends one redirect_uri on the public origin in both legs and returns there", async () => {
  const jar = new Jar();
  const start = await visit(`${PUBLIC}/api/auth/google?returnTo=/gallery`, jar);
  expect(start.location?.origin).toBe(FAKE_GOOGLE);
  const callbackUrl = `${PUBLIC}/api/auth/callback/google`;
  expect(start.location!.searchParams.get("redirect_uri")).toBe(callbackUrl);

  const consent = await visit(start.location!.toString());
  expect(consent.location?.origin).toBe(PUBLIC);

  const callback = await visit(consent.location!.toString(), jar);
  expect(callback.status).toBeGreaterThanOrEqual(300);
  expect(callback.status).toBeLessThan(400);
  expect(callback.location?.toString()).toBe(`${PUBLIC}/gallery`);
  expect(jar.has(/session-token/), app.output()).toBe(true);

  const code = consent.location!.searchParams.get("code")!;
  const exchanges = (await (await fetch(`${FAKE_GOOGLE}/_test/exchanges?code=${encodeURIComponent(code)}`)).json()) as unknown[];
  expect(exchanges).toEqual([{ code, authorized: callbackUrl, exchanged: callbackUrl }]);
});

test("a failed callback, the sign-in redirect and the language redirect all stay on the public origin", async () => {
  const failed = await visit(`${PUBLIC}/api/auth/callback/google?code=forged&state=forged`, new Jar());
  expect(failed.location?.origin).toBe(PUBLIC);
  expect(failed.location?.pathname).toBe("/auth");
  expect(failed.location?.searchParams.get("error")).toBeTruthy();

  const login = await visit(`${PUBLIC}/api/login?returnTo=/gallery`);
  expect(login.location?.toString()).toBe(`${PUBLIC}/auth?returnTo=%2Fgallery`);

  const language = await visit(`${PUBLIC}/gallery`, undefined, { "accept-language": "es-ES,es;q=0.9" });
  expect(language.status).toBe(307);
  expect(language.location?.toString()).toBe(`${PUBLIC}/es/gallery`);
});
