/**
 * @jest-environment node
 */
// Google sign-in of an account with two-step sign-in: the provider's answer starts no session; Auth.js
// sends the browser on to /api/auth/two-factor/continue with a challenge, whose code then signs in.
import { Secret, TOTP } from "otpauth";
import { GET as continueSecondStep } from "@/app/api/auth/two-factor/continue/route";
import { POST as secondStep } from "@/app/api/auth/two-factor/route";
import { confirmEnrolment, startEnrolment } from "@/lib/auth/two-factor";
import { db } from "@/lib/db";
import { browser, cookieHeader, keep } from "./oauth-browser";
import { fakeGoogleSettings, signInWithGoogle } from "./oauth-sign-in";
import { restoreEnvAfterEach, setEnv } from "./preview-env";
import { freePort, withFakeGoogle } from "../fakes/google-oidc-process";
import { apiRequest, uniqueEmail, uniqueIp } from "./helpers";

jest.mock("next/headers", () => jest.requireActual("./oauth-browser").nextHeadersMock);

restoreEnvAfterEach();
const google = withFakeGoogle();

it("sends an account with two-step sign-in from Google on to its code, and signs in only with it", async () => {
  const site = `http://127.0.0.1:${await freePort()}`;
  setEnv(fakeGoogleSettings(site, google.issuer()));
  const email = uniqueEmail("google-two-step");
  // The first sign-in makes the account; then its owner turns two-step sign-in on.
  browser.clear();
  expect((await signInWithGoogle(site, email)).headers.get("location")).toBe(`${site}/gallery`);
  const user = await db.user.findUniqueOrThrow({ where: { email } });
  const { secret } = await startEnrolment(user);
  const setUpAt = Date.now() - 60_000;
  await confirmEnrolment(user, TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: setUpAt }), uniqueIp(), setUpAt);
  const sessionsBefore = await db.authSession.count({ where: { userId: user.id } });

  browser.clear();
  const answer = await signInWithGoogle(site, email);
  const onward = new URL(answer.headers.get("location")!);
  expect(`${onward.origin}${onward.pathname}`).toBe(`${site}/api/auth/two-factor/continue`);
  expect([...browser.keys()]).not.toContain("pictura.session-token");
  expect(await db.authSession.count({ where: { userId: user.id } })).toBe(sessionsBefore);

  const codeForm = await continueSecondStep(apiRequest("GET", `${onward.pathname}${onward.search}`));
  expect(new URL(codeForm.headers.get("location")!).pathname).toBe("/auth");
  keep(codeForm);
  const signedIn = await secondStep(
    apiRequest("POST", "/api/auth/two-factor", {
      cookie: cookieHeader(),
      body: { code: TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + 30_000 }) },
    }),
  );
  expect(signedIn.status).toBe(200);
  const session = await db.authSession.findFirstOrThrow({ where: { userId: user.id }, orderBy: { createdAt: "desc" } });
  expect([session.method, session.secondFactorAt !== null]).toEqual(["google", true]);
});
