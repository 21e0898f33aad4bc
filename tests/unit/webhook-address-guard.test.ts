// The webhook sender's guard against server-side request forgery, proven with address literals:
// every refusal happens before any packet is sent. And the Standard Webhooks signatures deliveries
// carry, checked with that standard's own library as receivers check them.
import { checkWebhookUrl, guardedLookup, isForbiddenAddress, type AddressPolicy } from "@/lib/webhooks/address-guard";
import { sendSigned } from "@/lib/webhooks/send";
import { newWebhookSecret, signedHeaders, signingKey } from "@/lib/webhooks/signature";
import { Webhook } from "standardwebhooks";

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
  const secret = newWebhookSecret();
  const body = '{"id":"evt_1"}';
  const headersAt = (timestamp: number) => signedHeaders(secret, "evt_1", body, timestamp);
  const now = () => Math.floor(Date.now() / 1000);
  /** Whether the Standard Webhooks library accepts these headers and body with this secret, and why not. */
  function verdict(headers: Record<string, string>, text = body, key = secret): string {
    try {
      new Webhook(key).verify(text, headers);
      return "accepted";
    } catch (error) {
      return (error as Error).message;
    }
  }

  it("signs as the standard's published example does", () => {
    expect(signedHeaders("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek", '{"test": 2432232314}', 1614265330)).toEqual({
      "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek",
      "webhook-timestamp": "1614265330",
      "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    });
  });

  it("binds the id, the timestamp and the body, and nothing verifies without the secret", () => {
    const headers = headersAt(now());
    expect(verdict(headers)).toBe("accepted");
    expect(verdict(headers, body + " ")).toBe("No matching signature found");
    expect(verdict(headers, body, newWebhookSecret())).toBe("No matching signature found");
    expect(verdict({ ...headers, "webhook-id": "evt_2" })).toBe("No matching signature found");
    expect(verdict({ ...headers, "webhook-timestamp": String(now() - 1) })).toBe("No matching signature found");
    expect(verdict({ ...headers, "webhook-signature": "" })).toBe("Missing required headers");
  });

  it("is refused by receivers once older than the tolerance", () => {
    expect(verdict(headersAt(now() - 301))).toBe("Message timestamp too old");
  });

  it("makes secrets of 32 random bytes in standard base64", () => {
    const made = newWebhookSecret();
    expect(made).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(signingKey(made)).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(made);
  });

  it("signs with an older release's base64url secret's own bytes, as its standard base64 spelling reads them", () => {
    const bytes = Buffer.from("fb3ff8a1c0ffee00ffe0fbefbeef00112233445566778899aabbccddeeff0011", "hex");
    const old = `whsec_${bytes.toString("base64url")}`;
    expect(old).toMatch(/[-_]/);
    expect(signingKey(old)).toEqual(bytes);
    expect(verdict(signedHeaders(old, "evt_1", body, now()), body, `whsec_${bytes.toString("base64")}`)).toBe("accepted");
  });
});
