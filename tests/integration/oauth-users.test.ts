import { POST as register } from "@/app/api/auth/register/route";
import { findOrCreateOAuthUser, OAuthEmailNotVerifiedError, type OAuthIdentity } from "@/lib/auth/oauth-users";
import { db } from "@/lib/db";
import { apiRequest, uniqueEmail } from "./helpers";

const identity = (overrides: Partial<OAuthIdentity> = {}): OAuthIdentity => ({
  provider: "google",
  providerAccountId: `g-${Math.random().toString(36).slice(2)}`,
  email: uniqueEmail("oauth"),
  emailVerified: true,
  firstName: "Katherine",
  lastName: "Johnson",
  image: "https://example.com/avatar.png",
  ...overrides,
});

describe("federated sign-in accounts", () => {
  it("creates a trial user with 60 credits and the linked account on first sign-in", async () => {
    const google = identity();
    const user = await findOrCreateOAuthUser(google);
    expect(user).toMatchObject({ email: google.email, firstName: "Katherine", tier: "trial", credits: 60, passwordHash: null });
    expect(await db.creditTransaction.count({ where: { userId: user.id, kind: "grant", delta: 60 } })).toBe(1);
    const again = await findOrCreateOAuthUser({ ...google, email: "changed@example.com" });
    expect(again.id).toBe(user.id);
    expect(await db.user.count({ where: { id: user.id } })).toBe(1);
  });

  it("links to an existing password account when the provider has verified the same e-mail", async () => {
    const email = uniqueEmail("both");
    const created = await register(apiRequest("POST", "/api/auth/register", { body: { email, password: "secret1", firstName: "K", lastName: "J" } }));
    const { id } = await created.json();
    const user = await findOrCreateOAuthUser(identity({ provider: "apple", email: email.toUpperCase() }));
    expect(user.id).toBe(id);
    expect(await db.account.count({ where: { userId: id, provider: "apple" } })).toBe(1);
    // Linking grants no second trial.
    expect(await db.creditTransaction.count({ where: { userId: id } })).toBe(1);
  });

  it("refuses to link an existing account to an unverified e-mail", async () => {
    const email = uniqueEmail("unverified");
    await register(apiRequest("POST", "/api/auth/register", { body: { email, password: "secret1", firstName: "K", lastName: "J" } }));
    await expect(findOrCreateOAuthUser(identity({ email, emailVerified: false }))).rejects.toBeInstanceOf(OAuthEmailNotVerifiedError);
    expect(await db.account.count({ where: { email } })).toBe(0);
  });
});
