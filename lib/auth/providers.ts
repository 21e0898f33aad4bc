// Which federated sign-in providers have their keys set.
import "server-only";
import { env } from "@/lib/env";

export type OAuthProvider = "google" | "apple";

export function configuredOAuthProviders(): Record<OAuthProvider, boolean> {
  const config = env();
  return {
    google: Boolean(config.AUTH_GOOGLE_ID && config.AUTH_GOOGLE_SECRET),
    apple: Boolean(config.AUTH_APPLE_ID && config.AUTH_APPLE_SECRET),
  };
}
