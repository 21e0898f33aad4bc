// Only same-site paths may be used as a place to return to after signing in (no open redirects).
export function safeReturnPath(value: string | null | undefined, fallback = "/"): string {
  if (!value) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f]/.test(value) || value.startsWith("/api/")) return fallback;
  return value;
}
