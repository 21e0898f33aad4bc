// No log line ever holds a password, a session or reset token, an API key, a webhook secret, a Stripe
// secret or a whole e-mail address. A person signs up, resets a forgotten password, signs in, makes an
// API key and calls with it, and makes a webhook endpoint, and Stripe sends a webhook (one genuine,
// one forged), all through the web server's own request wrapping in front of the real route handlers,
// against the real database, a real SMTP server and a fake Stripe; then everything the logger wrote
// is searched for each of those values.
import { POST as forgotPassword } from "@/app/api/auth/forgot-password/route";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as resetPassword } from "@/app/api/auth/reset-password/route";
import { GET as balance } from "@/app/api/credits/balance/route";
import { POST as createKey } from "@/app/api/keys/route";
import { POST as createEndpoint } from "@/app/api/webhook-endpoints/route";
import { POST as stripeWebhook } from "@/app/api/webhooks/stripe/route";
import { logger } from "@/lib/observability/log";
import { linkIn, startMailbox, type Mailbox } from "../fakes/mailbox";
import { FakeStripe } from "../fakes/stripe-server";
import { setSettings } from "../setup/settings";
import { uniqueEmail, uniqueIp } from "./helpers";
import { captureLogs, startPipeline, type LogCapture, type Pipeline } from "./log-pipeline";

const STRIPE_WEBHOOK_SECRET = "whsec_logsecretstest_0123456789abcdef";
const stripe = new FakeStripe("sk_test_log_secrets_0123456789abcdef");

let mailbox: Mailbox;
let server: Pipeline;
let capture: LogCapture;

beforeAll(async () => {
  mailbox = await startMailbox();
  await stripe.start();
  setSettings({
    SMTP_URL: mailbox.url,
    MAIL_FROM: "Pictura <no-reply@pictura.test>",
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: "pk_test_log_secrets",
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.baseUrl,
    WEBHOOK_ALLOW_PRIVATE: "true",
  });
  // One trusted proxy: each request says its own client address, so no address-wide limit is shared with other tests.
  server = await startPipeline(
    {
      "POST /api/auth/register": register,
      "POST /api/auth/forgot-password": forgotPassword,
      "POST /api/auth/reset-password": resetPassword,
      "POST /api/auth/login": login,
      "POST /api/keys": createKey,
      "GET /api/credits/balance": balance,
      "POST /api/webhook-endpoints": createEndpoint,
      "POST /api/webhooks/stripe": stripeWebhook,
    },
    1,
  );
});

afterAll(async () => {
  capture?.stop();
  await server.close();
  await mailbox.close();
  await stripe.stop();
});

/** The session cookie's value from an answer that signs in. */
function sessionTokenOf(response: Response): string {
  const line = response.headers.getSetCookie().find((cookie) => cookie.includes("session-token="));
  if (!line) throw new Error("The answer set no session cookie");
  return line.split(";")[0]!.split("=").slice(1).join("=");
}

const send = (method: string, path: string, options: Parameters<Pipeline["send"]>[2] = {}) =>
  server.send(method, path, { ...options, headers: { "x-forwarded-for": uniqueIp(), ...options.headers } });

it("logs every step of a sign-up, a reset, a key call and webhooks without any secret or whole e-mail address", async () => {
  capture = captureLogs("trace");
  const email = uniqueEmail("secret-keeper");
  const password = "first-Password-7cd1e0";
  const newPassword = "second-Password-94b2aa";
  const secrets: Record<string, string> = { email, password, newPassword, stripeSecretKey: stripe.secretKey, stripeWebhookSecret: STRIPE_WEBHOOK_SECRET };

  const signUp = await send("POST", "/api/auth/register", { body: { email, password, firstName: "Ada", lastName: "Lovelace" } });
  expect(signUp.status).toBe(201);
  secrets.signUpSession = sessionTokenOf(signUp);
  await mailbox.waitFor(email);

  const since = mailbox.received.length;
  expect((await send("POST", "/api/auth/forgot-password", { body: { email } })).status).toBe(200);
  const resetToken = linkIn(await mailbox.waitFor(email, { since }), "/auth/reset").searchParams.get("token")!;
  secrets.resetToken = resetToken;
  expect((await send("POST", "/api/auth/reset-password", { body: { token: resetToken, password: newPassword } })).status).toBe(200);
  // The old password fails, with the address in the body; the new one signs in.
  expect((await send("POST", "/api/auth/login", { body: { email, password } })).status).toBe(401);
  const signIn = await send("POST", "/api/auth/login", { body: { email, password: newPassword } });
  expect(signIn.status).toBe(200);
  secrets.session = sessionTokenOf(signIn);
  const cookie = signIn.headers.getSetCookie()[0]!.split(";")[0]!;

  const created = await send("POST", "/api/keys", { body: { name: "Script" }, headers: { cookie } });
  expect(created.status).toBe(201);
  secrets.apiKey = ((await created.json()) as { key: string }).key;
  const keyCall = await send("GET", "/api/credits/balance", { origin: null, headers: { authorization: `Bearer ${secrets.apiKey}` } });
  expect(keyCall.status).toBe(200);

  const endpoint = await send("POST", "/api/webhook-endpoints", {
    body: { url: "http://127.0.0.1:9/hook", events: ["operation.succeeded"] },
    headers: { cookie },
  });
  expect(endpoint.status).toBe(201);
  secrets.webhookSecret = ((await endpoint.json()) as { secret: string }).secret;

  const event = stripe.event("customer.created", { id: "cus_logsecrets", object: "customer", email }, STRIPE_WEBHOOK_SECRET);
  secrets.stripeSignature = event.signature;
  const headers = { "stripe-signature": event.signature, "content-type": "application/json" };
  expect((await send("POST", "/api/webhooks/stripe", { origin: null, rawBody: event.payload, headers })).status).toBe(200);
  const forged = stripe.event("customer.created", { id: "cus_forged", object: "customer", email }, "whsec_not_the_secret_at_all_0000");
  const forgedHeaders = { "stripe-signature": forged.signature, "content-type": "application/json" };
  expect((await send("POST", "/api/webhooks/stripe", { origin: null, rawBody: forged.payload, headers: forgedHeaders })).status).toBe(400);

  // Code that logs what it was given by mistake (a whole body, a header, an error quoting an address) is caught as well.
  logger("careless").warn(
    { body: { email, password: newPassword, token: resetToken }, authorization: `Bearer ${secrets.apiKey}` },
    `sign-up of ${email} failed`,
  );

  // The closing lines come a moment after the answers: wait for the last request's.
  for (let attempt = 0; attempt < 100 && capture.lines().filter((line) => line.msg === "request finished").length < 10; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  capture.stop();
  const lines = capture.lines();
  expect(lines.filter((line) => line.msg === "request finished")).toHaveLength(10);
  expect(lines.find((line) => line.component === "careless")).toMatchObject({ body: { email: expect.stringMatching(/^s\*\*\*@example\.com$/) } });

  const logged = capture.text();
  const found = Object.entries(secrets).filter(([, value]) => logged.includes(value));
  expect(found.map(([name]) => name)).toEqual([]);
});
