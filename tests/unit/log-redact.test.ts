// What the logger leaves of secrets and e-mail addresses, whether they come as named fields or inside
// text, how a line reads in a developer's terminal, and which settings stop the server at start.
import { env } from "@/lib/env";
import { formatReadable } from "@/lib/observability/log-format";
import { maskEmail, redactSecretFields, scrubSecrets } from "@/lib/observability/log-redact";
import { observabilitySettings } from "@/lib/settings/observability";
import { setSettings } from "../setup/settings";

describe("secrets in named fields", () => {
  it("redacts them at any depth, in arrays and in errors, and keeps everything else", () => {
    const error = Object.assign(new Error("refused"), { config: { headers: { Authorization: "Bearer abc" } } });
    const redacted = redactSecretFields({
      user: { id: "u1", password: "hunter2", profile: { resetToken: "tok", newPassword: "p2" } },
      headers: [{ cookie: "a=b", "x-api-key": "pk_1", "stripe-signature": "t=1,v1=x" }],
      stripeSecretKey: "sk",
      webhookSecret: "whsec",
      storageKey: "files/a.png",
      err: error,
      count: 3,
      missing: null,
    }) as Record<string, unknown>;
    expect(redacted).toMatchObject({
      user: { id: "u1", password: "[redacted]", profile: { resetToken: "[redacted]", newPassword: "[redacted]" } },
      headers: [{ cookie: "[redacted]", "x-api-key": "[redacted]", "stripe-signature": "[redacted]" }],
      stripeSecretKey: "[redacted]",
      webhookSecret: "[redacted]",
      storageKey: "files/a.png",
      err: { type: "Error", message: "refused", config: { headers: { Authorization: "[redacted]" } } },
      count: 3,
      missing: null,
    });
    expect((redacted.err as { stack: string }).stack).toContain("log-redact.test.ts");
  });
});

describe("secrets inside text", () => {
  it.each([
    ["an e-mail address", "no account for jane.doe+tag@mail.example.co.uk", "no account for j***@mail.example.co.uk"],
    [
      "a database password",
      "connect postgresql://app:s3cret@db.internal:5432/pictura failed",
      "connect postgresql://app:[redacted]@db.internal:5432/pictura failed",
    ],
    ["a reset link", "https://pictura.example/en/auth/reset?token=AbC-123_x&next=%2F", "https://pictura.example/en/auth/reset?token=[redacted]&next=%2F"],
    [
      "a signed file address",
      "/bucket/a.png?X-Amz-Credential=AK%2F1&X-Amz-Signature=deadbeef",
      "/bucket/a.png?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]",
    ],
    ["an OAuth code", "/api/auth/callback/google?code=4%2F0Ab&state=xyz", "/api/auth/callback/google?code=[redacted]&state=xyz"],
    ["a bearer credential", "authorization: Bearer pk_abcdefghijklmnopqrstuvwxyz012345", "authorization: Bearer [redacted]"],
    ["an API key", "key pk_abcdefghijklmnopqrstuvwxyz012345 revoked", "key pk_[redacted] revoked"],
    ["a Stripe secret key", "Invalid API Key provided: sk_live_51Habcdefghijklmnop", "Invalid API Key provided: sk_live_[redacted]"],
    ["a webhook signing secret", "secret whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "secret whsec_[redacted]"],
    ["a session cookie", "cookie: __Secure-pictura.session-token=eyJhbGciOi.x.y; theme=dark", "cookie: __Secure-pictura.session-token=[redacted]; theme=dark"],
  ])("masks %s", (_what, text, expected) => {
    expect(scrubSecrets(text)).toBe(expected);
  });

  it("leaves ordinary text, versions and already masked addresses alone", () => {
    for (const text of ["GET /api/operations/op_123 200", "pino@10.4.0 loaded", "sent to j***@example.com", "?page=2&sort=new"]) {
      expect(scrubSecrets(text)).toBe(text);
    }
    expect(maskEmail("a@b.io")).toBe("a***@b.io");
  });
});

describe("readable lines", () => {
  it("shows the time, level, part, message and fields, and an error's stack below", () => {
    const line = JSON.stringify({
      level: "error",
      time: "2026-11-28T05:12:13.456Z",
      pid: 1,
      hostname: "h",
      component: "worker",
      requestId: "r1",
      msg: "job failed",
      err: { type: "Error", message: "boom", stack: "Error: boom\n    at run (job.ts:1:1)" },
    });
    expect(formatReadable(line)).toBe("05:12:13.456 ERROR [worker] job failed  requestId=r1\n    Error: boom\n        at run (job.ts:1:1)\n");
    expect(formatReadable("not json\n")).toBe("not json\n");
  });
});

describe("settings", () => {
  it("refuses a log level, format or DSN that cannot be used, naming the variable", () => {
    setSettings({ LOG_LEVEL: "verbose" });
    expect(() => env()).toThrow(/LOG_LEVEL: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/);
    setSettings({ LOG_LEVEL: undefined, LOG_FORMAT: "xml" });
    expect(() => env()).toThrow(/LOG_FORMAT/);
    setSettings({ LOG_FORMAT: undefined, SENTRY_DSN: "https://sentry.example/12" });
    expect(() => env()).toThrow(/SENTRY_DSN must be a DSN/);
    setSettings({ SENTRY_DSN: "https://abc@o1.ingest.sentry.io/12", LOG_LEVEL: "DEBUG" });
    expect(env()).toMatchObject({ SENTRY_DSN: "https://abc@o1.ingest.sentry.io/12", LOG_LEVEL: "DEBUG" });
    expect(observabilitySettings()).toMatchObject({ sentryDsn: "https://abc@o1.ingest.sentry.io/12", logLevel: "debug", logFormat: "json" });
  });

  it("prints readable lines in development and JSON in production unless told", () => {
    setSettings({ NODE_ENV: "development" });
    expect(observabilitySettings()).toMatchObject({ logFormat: "pretty", logLevel: "info", sentryDsn: null, environmentName: "development" });
    setSettings({ NODE_ENV: "production", LOG_FORMAT: undefined });
    expect(observabilitySettings().logFormat).toBe("json");
    setSettings({ NODE_ENV: "production", LOG_FORMAT: "pretty" });
    expect(observabilitySettings().logFormat).toBe("pretty");
  });
});
