// The origins browsers are sent to for file bytes when FILES_REDIRECT is on: the bucket (signed
// addresses) and the CDN in front of it (public files). A page's policy must allow them, or every
// redirected image is blocked (see lib/http/content-security-policy.ts and proxy.ts).
import "server-only";
import { env } from "@/lib/env";
import { s3Options, s3Origin } from "./s3-config";

export function fileRedirectOrigins(): string[] {
  const settings = env();
  const s3 = s3Options(settings);
  if (!settings.FILES_REDIRECT || !s3) return [];
  const origins = [s3Origin(s3)];
  if (settings.FILES_PUBLIC_BASE_URL) origins.push(new URL(settings.FILES_PUBLIC_BASE_URL).origin);
  return [...new Set(origins)];
}
