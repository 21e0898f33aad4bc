// The webhook sender's guard against server-side request forgery, proven with address literals:
// every refusal happens before any packet is sent.
import { checkWebhookUrl, guardedLookup, isForbiddenAddress, type AddressPolicy } from "@/lib/webhooks/address-guard";
import { sendSigned } from "@/lib/webhooks/send";
import { signatureHeader, verifySignature } from "@/lib/webhooks/signature";

const STRICT: AddressPolicy = { production: false, allowPrivate: false };
const PRODUCTION: AddressPolicy = { production: true, allowPrivate: false };

describe("webhook address guard", () => {
  it.each([
    "10.0.0.1",
    "172.16.5.4",
    "192.168.1.1",
    "127.0.0.1",
    "127.1.2.3",
    "169.254.169.254",
    "100.64.0.1",
    "100.100.100.200",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "fe80::1",
    "fd00:ec2::254",
    "fc00::1",
    "ff02::1",
    "64:ff9b::7f00:1",
    "2002:7f00:1::1",
    // IPv4-translated (RFC 2765): ::ffff:0:a.b.c.d
    "::ffff:0:7f00:1",
    "::ffff:0:a9fe:a9fe",
    "::ffff:0:0:0",
    "::ffff:0:808:808",
  ])("refuses the address %s", (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("allows the public address %s", (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it.each([
    "http://10.0.0.1/hook",
    "http://127.0.0.1/hook",
    "http://169.254.169.254/latest/meta-data/",
    "http://[::1]/hook",
    "http://[::ffff:127.0.0.1]/hook",
    "http://100.64.0.1/hook",
    "http://0.0.0.0/hook",
    "http://0x7f000001/hook",
    "http://2130706433/hook",
    "http://localhost:3000/hook",
    "http://[::ffff:0:7f00:1]/hook",
  ])("refuses the webhook address %s", (url) => {
    expect(() => checkWebhookUrl(url, STRICT)).toThrow(/private or reserved|this server/);
  });

  it("refuses http:// in production, and user names in any address", () => {
    expect(() => checkWebhookUrl("http://hooks.example.com/x", PRODUCTION)).toThrow("must use https://");
    expect(checkWebhookUrl("https://hooks.example.com/x", PRODUCTION).hostname).toBe("hooks.example.com");
    expect(checkWebhookUrl("http://hooks.example.com/x", STRICT).protocol).toBe("http:");
    expect(() => checkWebhookUrl("https://user:pass@hooks.example.com/x", STRICT)).toThrow("user name or password");
    expect(() => checkWebhookUrl("file:///etc/passwd", STRICT)).toThrow("https://");
  });

  it("lets WEBHOOK_ALLOW_PRIVATE through private addresses, but never http:// in production", () => {
    expect(checkWebhookUrl("http://127.0.0.1:4000/hook", { production: false, allowPrivate: true }).port).toBe("4000");
    expect(() => checkWebhookUrl("http://127.0.0.1:4000/hook", { production: true, allowPrivate: true })).toThrow("must use https://");
  });

  it("refuses a name that resolves to a private address at connection time", async () => {
    const lookup = guardedLookup(STRICT);
    const error = await new Promise<Error | null>((resolve) => lookup("localhost", {}, (failure) => resolve(failure)));
    expect(error?.message).toMatch(/private or reserved/);
    const allowed = await new Promise<string | unknown>((resolve) =>
      guardedLookup({ production: false, allowPrivate: true })("localhost", {}, (_e, address) => resolve(address)),
    );
    expect(allowed).toMatch(/^(127\.0\.0\.1|::1)$/);
  });

  it("sends nothing to a refused address", async () => {
    const result = await sendSigned("http://127.0.0.1:9/hook", "{}", {}, STRICT);
    expect(result).toEqual({ ok: false, statusCode: null, error: expect.stringMatching(/private or reserved/) });
  });
});

describe("webhook signatures", () => {
  const secret = "whsec_test-secret";
  const body = '{"id":"evt_1"}';

  it("verifies t=<unix>,v1=<HMAC-SHA256 of t.body> and nothing else", () => {
    const header = signatureHeader(secret, body, 1_800_000_000);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature(header, body, secret, { now: 1_800_000_010 })).toBe(true);
    expect(verifySignature(header, body + " ", secret, { now: 1_800_000_010 })).toBe(false);
    expect(verifySignature(header, body, "whsec_other", { now: 1_800_000_010 })).toBe(false);
    expect(verifySignature(header.replace("t=1800000000", "t=1800000001"), body, secret, { now: 1_800_000_010 })).toBe(false);
    expect(verifySignature(null, body, secret)).toBe(false);
  });

  it("refuses a signature older than the tolerance", () => {
    const header = signatureHeader(secret, body, 1_800_000_000);
    expect(verifySignature(header, body, secret, { now: 1_800_000_000 + 301 })).toBe(false);
  });
});
