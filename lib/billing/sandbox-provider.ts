// The sandbox: payments that charge nothing, for running Pictura without a Stripe account. It keeps
// Stripe's shape (an unpaid subscription, a client secret, a confirmation) and reports the payment
// through the same events as Stripe's webhooks. Its client secrets are signed, so only the user who
// started a payment can confirm it, and carry their expiry (an hour), so an old one cannot be kept
// for later.
import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import type { Plan, User } from "@/lib/generated/prisma/client";
import type { BillingProvider } from "./billing-provider";

export interface SandboxPayment {
  kind: "subscription" | "pack";
  /** The sandbox subscription's id, or the pack payment's id. */
  id: string;
  userId: string;
  planId: string;
  /** Milliseconds since the epoch after which the secret is refused. */
  expiresAt: number;
}

const PREFIX = "sandbox_";
export const SANDBOX_SECRET_LIFETIME_MS = 60 * 60 * 1000;

function sign(payload: string): string {
  return createHmac("sha256", env().AUTH_SECRET).update(`sandbox-payment:${payload}`).digest("base64url");
}

export function sandboxClientSecret(payment: Omit<SandboxPayment, "expiresAt">): string {
  const payload = Buffer.from(JSON.stringify({ ...payment, expiresAt: Date.now() + SANDBOX_SECRET_LIFETIME_MS })).toString("base64url");
  return `${PREFIX}${payload}.${sign(payload)}`;
}

/** The payment a client secret stands for, or null when it was not issued by this server. */
export function readSandboxClientSecret(secret: string): SandboxPayment | null {
  if (!secret.startsWith(PREFIX)) return null;
  const [payload, signature] = secret.slice(PREFIX.length).split(".");
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const value = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as SandboxPayment;
    const valid = typeof value.id === "string" && typeof value.userId === "string" && typeof value.planId === "string" && typeof value.expiresAt === "number";
    return valid ? value : null;
  } catch {
    return null;
  }
}

const newId = (prefix: string) => `${prefix}${randomBytes(12).toString("hex")}`;

export const sandboxBilling: BillingProvider = {
  name: "sandbox",
  publishableKey: null,
  async startSubscription(user: User, plan: Plan) {
    const subscription = await db.subscription.create({
      data: { userId: user.id, planId: plan.id, provider: "sandbox", providerSubscriptionId: newId("sub_sandbox_"), status: "incomplete" },
    });
    return {
      clientSecret: sandboxClientSecret({ kind: "subscription", id: subscription.providerSubscriptionId, userId: user.id, planId: plan.id }),
    };
  },
  async startPackPurchase(user: User, pack: Plan) {
    return { clientSecret: sandboxClientSecret({ kind: "pack", id: newId("pi_sandbox_"), userId: user.id, planId: pack.id }) };
  },
  async cancelSubscription() {
    // Nothing to tell anyone: the subscription row is already marked canceled.
  },
};
