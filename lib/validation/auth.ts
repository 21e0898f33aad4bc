// Request shapes of the auth calls, shared by the forms and the route handlers.
import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "./limits";

export { PASSWORD_MIN_LENGTH };

const email = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(254, "Email is too long.")
  .pipe(z.email({ error: "Please enter a valid email address." }))
  .transform((value) => value.toLowerCase());

export const loginSchema = z.object({
  email,
  password: z.string({ error: "Password is required." }).min(1, "Password is required.").max(256, "Password is too long."),
});

const name = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(100, `${label} is too long.`);

export const registerSchema = z.object({
  email,
  password: z
    .string({ error: "Password is required." })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(256, "Password is too long."),
  firstName: name("First name"),
  lastName: name("Last name"),
});

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;

/** What the browser learns about the signed-in user: never the password hash. */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  image: z.string().nullable(),
  tier: z.enum(["trial", "free", "essential", "pro"]),
  credits: z.number().int(),
});

export type PublicUser = z.infer<typeof publicUserSchema>;
