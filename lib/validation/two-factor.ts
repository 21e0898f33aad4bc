// Request and answer shapes of the account's two-step sign-in calls (/api/account/two-factor/*).
import { z } from "zod";

/** The 6-digit code the authenticator app shows (a space in the middle, as apps display it, is fine). */
const appCode = z
  .string({ error: "Please enter the 6-digit code from your authenticator app." })
  .trim()
  .regex(/^\d{3} ?\d{3}$/, "Please enter the 6-digit code from your authenticator app.");

/** A code from the authenticator app, or one of the recovery codes. */
const anyCode = z
  .string({ error: "Please enter the code from your authenticator app, or a recovery code." })
  .trim()
  .min(6, "Please enter the code from your authenticator app, or a recovery code.")
  .max(32, "That code is not valid.");

/** Confirms the app set up by the enrolment: its first code turns two-step sign-in on. */
export const confirmTwoFactorSchema = z.object({ code: appCode });

/** Turning two-step sign-in off: the password (accounts that have one) and a code. */
export const disableTwoFactorSchema = z.object({
  password: z.string({ error: "Please enter your password." }).max(256, "Password is too long.").optional(),
  code: anyCode,
});

/** New recovery codes in place of the old ones, for a code. */
export const regenerateRecoveryCodesSchema = z.object({ code: anyCode });

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});

/** What the app is set up with: the secret to type in, the otpauth:// address and its QR code (SVG). */
export const twoFactorEnrolmentSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  qrSvg: z.string(),
});

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

export type ConfirmTwoFactorInput = z.infer<typeof confirmTwoFactorSchema>;
export type DisableTwoFactorInput = z.infer<typeof disableTwoFactorSchema>;
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;
