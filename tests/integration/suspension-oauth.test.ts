/**
 * @jest-environment node
 */
// Google sign-in of a suspended account: the provider's answer starts no session, and the browser lands
// on the sign-in page with the suspension's notice, in the visitor's language.
import { db } from "@/lib/db";
import { browser } from "./oauth-browser";
import { fakeGoogleSettings, signInWithGoogle } from "./oauth-sign-in";
import { restoreEnvAfterEach, setEnv } from "./preview-env";
import { freePort, withFakeGoogle } from "../fakes/google-oidc-process";
import { uniqueEmail } from "./helpers";

jest.mock("next/headers", () => jest.requireActual("./oauth-browser").nextHeadersMock);

restoreEnvAfterEach();
const google = withFakeGoogle();

it("sends a suspended account from Google to the sign-in page's notice, with no session", async () => {
  const site = `http://127.0.0.1:${await freePort()}`;
  setEnv(fakeGoogleSettings(site, google.issuer()));
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
