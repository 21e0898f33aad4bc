// Sign-up with e-mail and password, limited per address: every account starts with free credits,
// so accounts made in bulk from one network would be free credits in bulk.
import "server-only";
import { env } from "@/lib/env";
import { RateLimitedError } from "@/lib/errors";
import type { User } from "@/lib/generated/prisma/client";
import type { RegisterInput } from "@/lib/validation/auth";
import { takeHit } from "./rate-limit";
import { registerUser } from "./users";

const WINDOW_SECONDS = 60 * 60;

export async function signUpWithPassword(input: RegisterInput, ip: string): Promise<User> {
  const wait = await takeHit([{ key: `signup:ip:${ip}`, max: env().SIGNUP_RATE_LIMIT, windowSeconds: WINDOW_SECONDS }]);
  if (wait !== null) {
    const minutes = Math.ceil(wait / 60);
    throw new RateLimitedError(
      `Too many accounts were created from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      wait,
      "signup_rate_limited",
    );
  }
  return registerUser(input);
}
