// Sends the browser into a federated provider's sign-in, or back to /auth with a reason when that
// provider has no keys configured.
import "server-only";
import { NextResponse } from "next/server";
import { safeReturnPath } from "./return-path";
import { siteOrigin } from "./site-origin";
import { signIn } from "@/lib/auth/auth";
import { configuredOAuthProviders, type OAuthProvider } from "@/lib/auth/providers";

export async function redirectToProvider(request: Request, provider: OAuthProvider): Promise<Response> {
  const url = new URL(request.url);
  const returnTo = safeReturnPath(url.searchParams.get("returnTo"));
  if (!configuredOAuthProviders()[provider]) {
    const back = new URL("/auth", siteOrigin(request));
    back.searchParams.set("error", "provider_unavailable");
    back.searchParams.set("provider", provider);
    return NextResponse.redirect(back, 303);
  }
  // Auth.js answers by throwing Next's redirect into the provider's authorization page.
  await signIn(provider, { redirectTo: returnTo });
  return NextResponse.redirect(new URL("/auth", siteOrigin(request)), 303);
}
