// Runs once when the server starts: a missing or invalid setting (APP_URL in production, a short
// AUTH_SECRET) stops it right away with the variable's name, not on some later request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { env } = await import("./lib/env");
  env();
}
