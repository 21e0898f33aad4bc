// Auth.js: JWT sessions in the shared session cookie for Google and Apple when their keys are set.
// Its handler serves the OAuth redirects and callbacks under /api/auth; each sign-in through it
// starts a session row that the cookie names (`sid`), as password sign-in does. E-mail and password go
// through /api/auth/login only, with its rate limits: there is deliberately no Credentials
// provider, whose /api/auth/callback/credentials would be a second, unlimited way to guess.
import "server-only";
import NextAuth, { type NextAuthConfig, type Profile } from "next-auth";
import Apple from "next-auth/providers/apple";
import Google from "next-auth/providers/google";
import { suspensionCategoryOf } from "@/lib/admin/suspended-account";
import { env } from "@/lib/env";
import type { Locale } from "@/lib/i18n/locales";
import { localizedPath } from "@/lib/i18n/pages";
import { AUTH_LOGGER } from "./auth-log";
import { loopbackAuthUrl, sameSiteRedirect } from "./oauth-return-address";
import { findOrCreateOAuthUser } from "./oauth-users";
import { localeOfRequest } from "./request-locale";
import { SESSION_MAX_AGE_SECONDS, sessionCookieName, sessionCookieOptions, usesSecureCookies } from "./session";
import { endSession, findSessionUser, signInContext, startSession } from "./sessions";
import { needsSecondFactor, startChallenge } from "./two-factor-challenge";
import { displayName } from "./users";
import { configuredOAuthProviders } from "./providers";

function firstString(...values: unknown[]): string {
  for (const value of values) if (typeof value === "string" && value.trim()) return value.trim();
  return "";
}

function nameFromApple(profile: Record<string, unknown>, part: "firstName" | "lastName"): unknown {
  // Apple sends the name once, on the first consent, in a `user` form field Auth.js puts on the profile.
  const user = profile.user as { name?: Record<string, unknown> } | undefined;
  return user?.name?.[part];
}

/** The account a provider's profile signs in to, made on its first sign-in (lib/auth/oauth-users.ts). */
function oauthUser(account: { provider: string; providerAccountId: string }, profile: Profile, locale: Locale) {
  return findOrCreateOAuthUser({
    provider: account.provider,
    providerAccountId: account.providerAccountId,
    email: typeof profile.email === "string" ? profile.email : null,
    // Google sends a boolean, Apple the string "true".
    emailVerified: String(profile.email_verified) === "true",
    firstName: firstString(profile.given_name, nameFromApple(profile, "firstName"), profile.name),
    lastName: firstString(profile.family_name, nameFromApple(profile, "lastName")),
    image: typeof profile.picture === "string" ? profile.picture : null,
    locale,
  });
}

/**
 * Apple answers with a cross-site POST (response_mode=form_post), on which browsers send no
 * SameSite=Lax cookie: the state, nonce and return-address cookies it must bring back are
 * SameSite=None over https. Each is single-use, short-lived and httpOnly; the session cookie stays Lax.
 */
function oauthCheckCookies(): NextAuthConfig["cookies"] {
  if (!usesSecureCookies()) return {};
  const crossSite = { httpOnly: true, sameSite: "none" as const, path: "/", secure: true };
  return {
    state: { name: "__Secure-authjs.state", options: { ...crossSite, maxAge: 15 * 60 } },
    nonce: { name: "__Secure-authjs.nonce", options: { ...crossSite, maxAge: 15 * 60 } },
    callbackUrl: { name: "__Secure-authjs.callback-url", options: crossSite },
  };
}

/**
 * Auth.js builds its URLs (the redirect_uri sent to Google and Apple, its own redirects) from
 * AUTH_URL, and without it from the request: the Host header when a sign-in starts, but the address
 * the server was started on when the callback exchanges the code. Behind a proxy or on another port
 * those differ and providers refuse the mismatch, so it is always given the public origin, APP_URL,
 * unless AUTH_URL says otherwise. Auth.js reads it from process.env itself, not from its config nor
 * from lib/settings/source.ts, so this is the one setting written there, and read back from there.
 */
function givePublicOriginToAuthJs(appUrl: string | undefined): void {
  if (appUrl && !process.env.AUTH_URL && !process.env.NEXTAUTH_URL) process.env.AUTH_URL = new URL("/api/auth", appUrl).toString();
}

/** Auth.js's configuration for one request, known by its headers (a new account's language and device). */
function buildConfig(headers: Headers): NextAuthConfig {
  const locale = localeOfRequest(headers);
  const config = env();
  givePublicOriginToAuthJs(config.APP_URL);
  // A loopback AUTH_URL that Next renames: fixed as the return address of both legs. The preview
  // redirect proxy, when set, is the return address already.
  const pinnedAuthUrl = config.AUTH_REDIRECT_PROXY_URL ? null : loopbackAuthUrl();
  const returnAddress = pinnedAuthUrl ? { redirectProxyUrl: pinnedAuthUrl } : {};
  const publicOrigin = pinnedAuthUrl ? new URL(pinnedAuthUrl).origin : null;
  const enabled = configuredOAuthProviders();
  const providers: NextAuthConfig["providers"] = [];
  if (enabled.google) {
    providers.push(
      Google({
        clientId: config.AUTH_GOOGLE_ID,
        clientSecret: config.AUTH_GOOGLE_SECRET,
        ...(config.AUTH_GOOGLE_ISSUER ? { issuer: config.AUTH_GOOGLE_ISSUER } : {}),
        ...returnAddress,
      }),
    );
  }
  if (enabled.apple) {
    providers.push(
      Apple({
        clientId: config.AUTH_APPLE_ID,
        clientSecret: config.AUTH_APPLE_SECRET,
        ...(config.AUTH_APPLE_ISSUER ? { issuer: config.AUTH_APPLE_ISSUER } : {}),
      }),
    );
  }

  // The provider's account as a user of ours, found (or made) once per request: the sign-in check and
  // the token both need it.
  let signingIn: { key: string; user: ReturnType<typeof oauthUser> } | null = null;
  const storedUser = (account: Parameters<typeof oauthUser>[0], profile: Parameters<typeof oauthUser>[1]) => {
    const key = `${account.provider}:${account.providerAccountId}`;
    if (signingIn?.key !== key) signingIn = { key, user: oauthUser(account, profile, locale) };
    return signingIn.user;
  };

  return {
    secret: config.AUTH_SECRET,
    trustHost: true,
    logger: AUTH_LOGGER,
    useSecureCookies: usesSecureCookies(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    cookies: { ...oauthCheckCookies(), sessionToken: { name: sessionCookieName(), options: sessionCookieOptions() } },
    pages: { signIn: "/auth", error: "/auth" },
    providers,
    callbacks: {
      redirect: ({ url, baseUrl }) => sameSiteRedirect(url, baseUrl, publicOrigin),
      // An account with two-step sign-in gets no session from the provider alone: the browser goes on
      // to the second step (/api/auth/two-factor/continue sets its challenge and shows the code form).
      async signIn({ account, profile }) {
        if (!account || account.type === "credentials" || !profile) return true;
        const stored = await storedUser(account, profile);
        // A suspended account gets no session: the sign-in page says so, and why (the provider proved the owner).
        if (stored.suspendedAt) return localizedPath(locale, `/auth?error=suspended&category=${suspensionCategoryOf(stored)}`);
        if (!needsSecondFactor(stored)) return true;
        const challenge = await startChallenge(stored.id, account.provider === "apple" ? "apple" : "google");
        return `${publicOrigin ?? config.APP_URL ?? ""}/api/auth/two-factor/continue?challenge=${encodeURIComponent(challenge)}`;
      },
      async jwt({ token, user, account, profile }) {
        if (account && account.type !== "credentials" && profile) {
          const stored = await storedUser(account, profile);
          if (stored.suspendedAt) return null;
          const method = account.provider === "apple" ? "apple" : "google";
          token.sub = stored.id;
          token.email = stored.email;
          token.name = displayName(stored);
          token.sid = await startSession(stored.id, method, signInContext(headers));
          // The moment of this sign-in, so actions that need a fresh proof (deleting the account) can ask.
          token.signedInAt = Math.floor(Date.now() / 1000);
        } else if (user?.id) {
          token.sub = user.id;
          token.signedInAt = Math.floor(Date.now() / 1000);
        } else if (typeof token.sub === "string" && typeof token.sid === "string" && !(await findSessionUser(token.sid, token.sub))) {
          // Auth.js's own session endpoint: a cookie whose session has ended is cleared, not read.
          return null;
        }
        return token;
      },
      session({ session, token }) {
        if (token.sub) session.user.id = token.sub;
        return session;
      },
    },
    events: {
      async signOut(message) {
        const token = "token" in message ? message.token : null;
        if (typeof token?.sub === "string" && typeof token.sid === "string") await endSession(token.sub, token.sid);
      },
    },
  };
}

export const { handlers, auth, signIn, signOut } = NextAuth((request) => buildConfig(request?.headers ?? new Headers()));
