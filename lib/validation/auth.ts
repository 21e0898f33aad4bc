// Request shapes of the auth calls, shared by the forms and the route handlers.
import { z } from "zod";
import { locales } from "@/lib/i18n/locales";
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

const newPassword = z
  .string({ error: "Password is required." })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(256, "Password is too long.");

/** The interface language, kept with the account for the mails it gets. */
const locale = z.enum(locales, { error: "Unknown language." });

export const registerSchema = z.object({
  email,
  password: newPassword,
  firstName: name("First name"),
  lastName: name("Last name"),
  locale: locale.optional(),
});

/** The second step of a sign-in: a 6-digit code from the authenticator app, or a recovery code. */
export const secondStepSchema = z.object({
  code: z
    .string({ error: "Please enter the code from your authenticator app, or a recovery code." })
    .trim()
    .min(6, "Please enter the code from your authenticator app, or a recovery code.")
    .max(32, "That code is not valid."),
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
  emailVerified: z.boolean(),
});

export type PublicUser = z.infer<typeof publicUserSchema>;

/** A single-use token from a mail link: base64url, 43 characters as we make them. */
const mailToken = z
  .string({ error: "The link is incomplete." })
  .trim()
  .min(1, "The link is incomplete.")
  .max(200, "The link is not valid.")
  .regex(/^[A-Za-z0-9_-]+$/, "The link is not valid.");

export const forgotPasswordSchema = z.object({ email, locale: locale.optional() });
export const resetPasswordSchema = z.object({ token: mailToken, password: newPassword });
export const verifyEmailSchema = z.object({ token: mailToken });
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: "Your current password is required." }).min(1, "Your current password is required.").max(256, "Password is too long."),
  newPassword,
});

export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** One signed-in browser as the account page lists it. */
export const sessionViewSchema = z.object({
  id: z.string(),
  method: z.string(),
  device: z.string().nullable(),
  country: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;
