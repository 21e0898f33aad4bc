/**
 * @jest-environment node
 */
// PREVIEW_PASSWORD: every page of a preview shows the password form until the browser holds the
// access cookie (an HMAC, never the password), every call without it answers 401, wrong tries are
// limited per address, and nothing of it exists outside a preview or without a password.
import { createHmac } from "node:crypto";
import { NextRequest } from "next/server";
import { GET as authGet } from "@/app/api/auth/[...nextauth]/route";
import { GET as paymentMode } from "@/app/api/billing/mode/route";
import { GET as cleanup } from "@/app/api/cron/cleanup/route";
import { GET as health } from "@/app/api/health/route";
import { POST as unlock } from "@/app/api/preview/access/route";
import { POST as stripeWebhook } from "@/app/api/webhooks/stripe/route";
import { PREVIEW_ACCESS_TRIES } from "@/lib/http/preview-unlock";
import proxy from "@/proxy";
import { apiRequest, uniqueIp } from "./helpers";
import { previewEnv, restoreEnvAfterEach, setEnv } from "./preview-env";

restoreEnvAfterEach();

const PASSWORD = "open sesame";
const COOKIE = "__Host-pictura.preview-access";
const expectedToken = createHmac("sha256", process.env.AUTH_SECRET!).update(`preview-access\u0000pr-12\u0000${PASSWORD}`).digest("base64url");

const page = (path: string, cookie?: string) => proxy(new NextRequest(`https://pr-12.preview.pictura.example${path}`, { headers: cookie ? { cookie } : {} }));
const rewriteOf = (response: Response) => response.headers.get("x-middleware-rewrite");

function tryPassword(password: string, options: { ip?: string; next?: string; locale?: string } = {}) {
  const form = new URLSearchParams({ password, next: options.next ?? "/es/gallery", locale: options.locale ?? "es" });
  return unlock(
    apiRequest("POST", "/api/preview/access", { rawBody: form.toString(), headers: { "content-type": "application/x-www-form-urlencoded" }, ip: options.ip }),
  );
}

describe("a preview with PREVIEW_PASSWORD", () => {
  // Behind one proxy, as a platform runs it: each test request names its address in X-Forwarded-For.
  beforeEach(() => previewEnv({ PREVIEW_PASSWORD: PASSWORD, CLIENT_IP_SOURCE: "proxy", TRUSTED_PROXY_HOPS: "1" }));

  it("shows the password form, in the page's language, at any page's address until the password is given", () => {
    expect(rewriteOf(page("/es/gallery?tab=mine"))).toBe("https://pr-12.preview.pictura.example/es/preview/access?next=%2Fes%2Fgallery%3Ftab%3Dmine");
    expect(rewriteOf(page("/gallery"))).toBe("https://pr-12.preview.pictura.example/en/preview/access?next=%2Fgallery");
    expect(rewriteOf(page("/gallery", `${COOKIE}=forged`))).toContain("/en/preview/access");
    // The form's own address is not gated, and the right cookie opens every page.
    expect(rewriteOf(page("/es/preview/access?error=wrong")) ?? "").not.toContain("next=");
    expect(rewriteOf(page("/es/gallery", `${COOKIE}=${expectedToken}`)) ?? "").not.toContain("preview/access");
  });

  it("answers API calls without the cookie with 401 JSON, except health, cron, Stripe's webhook and OAuth callbacks", async () => {
    const refused = await paymentMode(apiRequest("GET", "/api/billing/mode"));
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: "preview_password_required" });
    expect(refused.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect((await authGet(new NextRequest("https://pr-12.preview.pictura.example/api/auth/session"))).status).toBe(401);
    expect((await paymentMode(apiRequest("GET", "/api/billing/mode", { cookie: `${COOKIE}=${expectedToken}` }))).status).toBe(200);

    expect((await health(apiRequest("GET", "/api/health"))).status).toBe(200);
    for (const response of [
      await cleanup(apiRequest("GET", "/api/cron/cleanup")),
      await stripeWebhook(apiRequest("POST", "/api/webhooks/stripe", { body: {} })),
    ]) {
      expect(await response.json()).not.toMatchObject({ error: "preview_password_required" });
    }
  });

  it("sends a wrong password back to the form with a reason, and sets no cookie", async () => {
    const response = await tryPassword("open sesame!");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("https://pr-12.preview.pictura.example/es/preview/access?next=%2Fes%2Fgallery&error=wrong");
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("on the right password sets an httpOnly, Secure, SameSite=Lax cookie holding an HMAC, and returns to the page", async () => {
    const response = await tryPassword(PASSWORD);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("https://pr-12.preview.pictura.example/es/gallery");
    const [cookie = ""] = response.headers.getSetCookie();
    expect(cookie).toMatch(new RegExp(`^${COOKIE}=${expectedToken}; Path=/;`));
    expect(cookie).toMatch(/; Max-Age=2592000/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; SameSite=lax/i);
    expect(cookie).not.toContain(encodeURIComponent(PASSWORD));
    // Never sent to another site afterwards, and not Secure over plain http (a local preview).
    expect((await tryPassword(PASSWORD, { next: "https://evil.example/" })).headers.get("location")).toBe("https://pr-12.preview.pictura.example/es");
    setEnv({ APP_URL: "http://localhost:3000" });
    expect((await tryPassword(PASSWORD)).headers.getSetCookie()[0]).toMatch(
      /^pictura\.preview-access=[^;]+; Path=\/; Expires=[^;]+; Max-Age=2592000; HttpOnly; SameSite=lax$/,
    );
  });

  it(`refuses every try from an address after ${PREVIEW_ACCESS_TRIES} wrong ones, the right password included`, async () => {
    const ip = uniqueIp();
    for (let attempt = 0; attempt < PREVIEW_ACCESS_TRIES; attempt += 1) {
      expect((await tryPassword(`guess ${attempt}`, { ip })).headers.get("location")).toContain("error=wrong");
    }
    const limited = await tryPassword(PASSWORD, { ip });
    expect(limited.headers.get("location")).toContain("error=limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.getSetCookie()).toEqual([]);
    expect((await tryPassword(PASSWORD, { ip: uniqueIp() })).headers.get("location")).toBe("https://pr-12.preview.pictura.example/es/gallery");
  });

  it("ends every access when the password changes", () => {
    setEnv({ PREVIEW_PASSWORD: "a new one" });
    expect(rewriteOf(page("/es/gallery", `${COOKIE}=${expectedToken}`))).toContain("/es/preview/access");
  });
});

describe("no password gate", () => {
  it.each([
    ["outside a preview, even with PREVIEW_PASSWORD set", { APP_ENV: undefined, PREVIEW_PASSWORD: PASSWORD }],
    ["in a preview without PREVIEW_PASSWORD", { PREVIEW_PASSWORD: undefined }],
  ])("%s", async (_case, values) => {
    previewEnv({ CLIENT_IP_SOURCE: "proxy", TRUSTED_PROXY_HOPS: "1", ...values });
    expect(rewriteOf(page("/es/gallery")) ?? "").not.toContain("preview/access");
    expect((await paymentMode(apiRequest("GET", "/api/billing/mode"))).status).toBe(200);
    expect((await tryPassword(PASSWORD)).status).toBe(404);
  });
});
