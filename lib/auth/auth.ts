// Auth.js: JWT sessions in the shared session cookie for Google and Apple when their keys are set.
// Its handler serves the OAuth redirects and callbacks under /api/auth. E-mail and password go
// through /api/auth/login only, with its rate limits: there is deliberately no Credentials
// provider, whose /api/auth/callback/credentials would be a second, unlimited way to guess.
import "server-only";
import NextAuth, { type NextAuthConfig } from "next-auth";
import Apple from "next-auth/providers/apple";
import Google from "next-auth/providers/google";
import { env } from "@/lib/env";
import { findOrCreateOAuthUser } from "./oauth-users";
import { SESSION_MAX_AGE_SECONDS, sessionCookieName, sessionCookieOptions } from "./session";
import { displayName } from "./users";
import { configuredOAuthProviders } from "./providers";

function firstString(...values: unknown[]): string {
  for (const value of values) if (typeof value === "string" && value.trim()) return value.trim();
  return "";
}

function buildConfig(): NextAuthConfig {
  const config = env();
  const enabled = configuredOAuthProviders();
  const providers: NextAuthConfig["providers"] = [];
  if (enabled.google) {
    providers.push(
      Google({
        clientId: config.AUTH_GOOGLE_ID,
        clientSecret: config.AUTH_GOOGLE_SECRET,
        ...(config.AUTH_GOOGLE_ISSUER ? { issuer: config.AUTH_GOOGLE_ISSUER } : {}),
      }),
    );
  }
  if (enabled.apple) providers.push(Apple({ clientId: config.AUTH_APPLE_ID, clientSecret: config.AUTH_APPLE_SECRET }));

  return {
    secret: config.AUTH_SECRET,
    trustHost: true,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    cookies: { sessionToken: { name: sessionCookieName(), options: sessionCookieOptions() } },
    pages: { signIn: "/auth", error: "/auth" },
    providers,
    callbacks: {
      async jwt({ token, user, account, profile }) {
        if (account && account.type !== "credentials" && profile) {
          const stored = await findOrCreateOAuthUser({
            provider: account.provider,
            providerAccountId: account.providerAccountId,
            email: typeof profile.email === "string" ? profile.email : null,
            // Google sends a boolean, Apple the string "true".
            emailVerified: String(profile.email_verified) === "true",
            firstName: firstString(profile.given_name, (profile.name as { firstName?: string } | undefined)?.firstName, profile.name),
            lastName: firstString(profile.family_name, (profile.name as { lastName?: string } | undefined)?.lastName),
            image: typeof profile.picture === "string" ? profile.picture : null,
          });
          token.sub = stored.id;
          token.email = stored.email;
          token.name = displayName(stored);
          // The moment of this sign-in, so actions that need a fresh proof (deleting the account) can ask.
          token.signedInAt = Math.floor(Date.now() / 1000);
        } else if (user?.id) {
          token.sub = user.id;
          token.signedInAt = Math.floor(Date.now() / 1000);
        }
        return token;
      },
      session({ session, token }) {
        if (token.sub) session.user.id = token.sub;
        return session;
      },
    },
  };
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => buildConfig());
