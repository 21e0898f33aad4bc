// Sign in with Apple end to end against a fake Apple on loopback: Auth.js's sign-in redirect, Apple's
// form_post answer (a cross-site POST to our callback), the code exchange and ID token, and the
// session it starts. The browser's cookie rules are applied by hand: a cross-site POST carries only
// SameSite=None cookies, which is why the state and nonce cookies must be SameSite=None.
import { NextRequest } from "next/server";
import { POST as logout } from "@/app/api/auth/logout/route";
import { GET as listSessions } from "@/app/api/auth/sessions/route";
import { GET as currentUser } from "@/app/api/auth/user/route";
import { GET as balance } from "@/app/api/credits/balance/route";
import { handlers } from "@/lib/auth/auth";
import { db } from "@/lib/db";
import { startFakeApple, type FakeApple } from "../fakes/apple-id-server";
import { apiRequest } from "./helpers";
import { setSettings } from "../setup/settings";

const APP = "https://localhost:3000";
const CLIENT_SECRET = "fake-apple-client-secret";
// Auth.js reads AUTH_URL from process.env itself: it is set there, and put back after the file.
const SAVED_AUTH_URL = process.env.AUTH_URL;
let apple: FakeApple;

interface Cookie {
  value: string;
  sameSite: string;
}
type Jar = Map<string, Cookie>;

function store(jar: Jar, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
    const index = pair.indexOf("=");
    const sameSite =
      attributes
        .find((attribute) => /^samesite=/i.test(attribute))
        ?.split("=")[1]
        ?.toLowerCase() ?? "lax";
    const expired = attributes.some((attribute) => /^max-age=0$/i.test(attribute) || /^expires=thu, 01 jan 1970/i.test(attribute));
    if (expired) jar.delete(pair.slice(0, index));
    else jar.set(pair.slice(0, index), { value: pair.slice(index + 1), sameSite });
  }
}

/** The Cookie header a browser sends: every cookie same-site, only SameSite=None ones cross-site. */
function cookieHeader(jar: Jar, crossSite = false): string {
  return [...jar]
    .filter(([, cookie]) => !crossSite || cookie.sameSite === "none")
    .map(([name, cookie]) => `${name}=${cookie.value}`)
    .join("; ");
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Starts Sign in with Apple and follows it to Apple's form_post page; returns the form it would POST. */
async function throughApple(jar: Jar, loginHint?: string): Promise<{ action: string; fields: Record<string, string> }> {
  const csrf = await handlers.GET(new NextRequest(`${APP}/api/auth/csrf`, { headers: { cookie: cookieHeader(jar) } }));
  store(jar, csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signIn = await handlers.POST(
    new NextRequest(`${APP}/api/auth/signin/apple`, {
      method: "POST",
      headers: { cookie: cookieHeader(jar), "content-type": "application/x-www-form-urlencoded" },
      body: form({ csrfToken, callbackUrl: `${APP}/account` }),
    }),
  );
  store(jar, signIn);
  const authorize = new URL(signIn.headers.get("location")!);
  expect(authorize.origin).toBe(apple.origin);
  expect(authorize.searchParams.get("response_mode")).toBe("form_post");
  expect(authorize.searchParams.get("redirect_uri")).toBe(`${APP}/api/auth/callback/apple`);
  if (loginHint) authorize.searchParams.set("login_hint", loginHint);
  const page = await (await fetch(authorize)).text();
  const action = /<form method="POST" action="([^"]+)"/.exec(page)![1]!.replace(/&amp;/g, "&");
  const fields = Object.fromEntries(
    [...page.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map(([, name, value]) => [
      name!,
      value!
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&amp;/g, "&"),
    ]),
  );
  return { action, fields };
}

/** Apple's page submitting its form to our callback: a cross-site POST from Apple's origin. */
function postCallback(jar: Jar, action: string, fields: Record<string, string>): Promise<Response> {
  return handlers.POST(
    new NextRequest(action, {
      method: "POST",
      headers: { cookie: cookieHeader(jar, true), "content-type": "application/x-www-form-urlencoded", origin: "null", "sec-fetch-site": "cross-site" },
      body: form(fields),
    }),
  );
}

const sessionCookie = (jar: Jar) => `__Secure-pictura.session-token=${jar.get("__Secure-pictura.session-token")!.value}`;

beforeAll(async () => {
  apple = await startFakeApple({ clientSecret: CLIENT_SECRET });
  setSettings({
    AUTH_APPLE_ID: "app.pictura.fake",
    AUTH_APPLE_SECRET: CLIENT_SECRET,
    AUTH_APPLE_ISSUER: apple.origin,
    APP_URL: APP,
  });
  process.env.AUTH_URL = `${APP}/api/auth`;
});

afterAll(async () => {
  setSettings({ AUTH_APPLE_ID: undefined, AUTH_APPLE_SECRET: undefined, AUTH_APPLE_ISSUER: undefined, APP_URL: undefined });
  if (SAVED_AUTH_URL === undefined) delete process.env.AUTH_URL;
  else process.env.AUTH_URL = SAVED_AUTH_URL;
  await apple.close();
});

describe("Sign in with Apple", () => {
  it("signs a new person in through Apple's form_post callback, with the name Apple sent once and a verified address", async () => {
    const jar: Jar = new Map();
    const { action, fields } = await throughApple(jar);
    expect(action).toBe(`${APP}/api/auth/callback/apple`);
    expect(JSON.parse(fields.user!).name).toEqual({ firstName: "Ada", lastName: "Apple" });
    // The cookies Auth.js checks on Apple's POST are sent cross-site; the session cookie stays Lax.
    expect(jar.get("__Secure-authjs.state")?.sameSite).toBe("none");
    expect(jar.get("__Secure-authjs.nonce")?.sameSite).toBe("none");

    const callback = await postCallback(jar, action, fields);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe(`${APP}/account`);
    store(jar, callback);
    expect(jar.get("__Secure-pictura.session-token")?.sameSite).toBe("lax");
    expect(apple.tokenRequests.at(-1)?.get("client_secret")).toBe(CLIENT_SECRET);

    const cookie = sessionCookie(jar);
    const me = await (await currentUser(apiRequest("GET", "/api/auth/user", { cookie }))).json();
    expect(me).toMatchObject({ firstName: "Ada", lastName: "Apple", tier: "trial", credits: 60, emailVerified: true });
    expect(me.email).toMatch(/@privaterelay\.appleid\.test$/);
    expect(await (await balance(apiRequest("GET", "/api/credits/balance", { cookie }))).json()).toEqual({ credits: 60 });
    const { sessions } = await (await listSessions(apiRequest("GET", "/api/auth/sessions", { cookie }))).json();
    expect(sessions).toEqual([expect.objectContaining({ method: "apple", current: true })]);
    expect(await db.account.count({ where: { provider: "apple", user: { email: me.email } } })).toBe(1);

    // Signing out ends the session for Auth.js's own session endpoint too.
    const authSession = () => handlers.GET(new NextRequest(`${APP}/api/auth/session`, { headers: { cookie } }));
    expect((await (await authSession()).json())?.user?.email).toBe(me.email);
    expect((await logout(apiRequest("POST", "/api/auth/logout", { cookie }))).status).toBe(200);
    expect(await (await authSession()).json()).toBeNull();
    expect((await balance(apiRequest("GET", "/api/credits/balance", { cookie }))).status).toBe(401);
  });

  it("signs the same person in again without the name, and refuses a replayed callback", async () => {
    const email = `returning-${Date.now()}@privaterelay.appleid.test`;
    const first: Jar = new Map();
    const firstForm = await throughApple(first, email);
    store(first, await postCallback(first, firstForm.action, firstForm.fields));

    const second: Jar = new Map();
    const { action, fields } = await throughApple(second, email);
    expect(fields.user).toBeUndefined();
    const callback = await postCallback(second, action, fields);
    expect(callback.headers.get("location")).toBe(`${APP}/account`);
    store(second, callback);
    const me = await (await currentUser(apiRequest("GET", "/api/auth/user", { cookie: sessionCookie(second) }))).json();
    expect(me).toMatchObject({ email, firstName: "Ada" });
    expect(await db.user.count({ where: { email } })).toBe(1);

    // Auth.js logs each refused callback; these refusals are the point of the test.
    const logged = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const replay = await postCallback(second, action, fields).finally(() => logged.mockRestore());
    expect(replay.headers.get("location")).toMatch(/\/auth\?error=/);
  });

  it("refuses a callback without the state cookie, as a browser with SameSite=Lax check cookies would send it", async () => {
    const jar: Jar = new Map();
    const { action, fields } = await throughApple(jar);
    for (const name of ["__Secure-authjs.state", "__Secure-authjs.nonce"]) jar.set(name, { ...jar.get(name)!, sameSite: "lax" });
    const logged = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const callback = await postCallback(jar, action, fields).finally(() => logged.mockRestore());
    expect(callback.headers.get("location")).toMatch(/\/auth\?error=/);
    expect(callback.headers.getSetCookie().some((line) => line.startsWith("__Secure-pictura.session-token=ey"))).toBe(false);
  });
});
