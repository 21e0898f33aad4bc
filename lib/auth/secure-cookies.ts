// Whether cookies are marked Secure: over https (APP_URL says so), or in production when APP_URL is
// unset. Its own module so the proxy can ask without loading Auth.js's JWT code.
import "server-only";
import { env, isProduction } from "@/lib/env";

export function usesSecureCookies(): boolean {
  const appUrl = env().APP_URL;
  if (appUrl) return appUrl.startsWith("https://");
  return isProduction();
}
