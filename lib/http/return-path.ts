// Only same-site paths may be used as a place to return to after signing in (no open redirects).
// The path comes back percent-encoded, as URL parsing writes it, so any character a visitor put in
// it (é, a right-to-left override) survives into the Location header unchanged instead of being
// garbled or breaking the response.
const BASE = "http://return.invalid";

export function safeReturnPath(value: string | null | undefined, fallback = "/"): string {
  if (!value) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f]/.test(value)) return fallback;
  let parsed: URL;
  try {
    parsed = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (parsed.origin !== BASE) return fallback;
  const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  if (path.startsWith("//") || path === "/api" || path.startsWith("/api/")) return fallback;
  return path;
}
