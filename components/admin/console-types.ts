// What the console's calls answer, as the screens read it (app/api/admin/**).
export type OverviewRange = "today" | "7d" | "30d";
export const OVERVIEW_RANGES: readonly OverviewRange[] = ["today", "7d", "30d"];

export interface Overview {
  range: OverviewRange;
  from: string;
  to: string;
  signups: number;
  activeUsers: number;
  operations: Array<{ kind: string; status: string; count: number }>;
  failureRate: number;
  timings: Array<{ kind: string; queueWaitP50Ms: number | null; queueWaitP95Ms: number | null; runP50Ms: number | null; runP95Ms: number | null }>;
  credits: { spent: number; granted: number; refunded: number };
  revenue: { invoicesCents: number; packsCents: number; currency: string };
  subscriptionsByPlan: Array<{ planId: string; planName: string; count: number }>;
  daily: DailyFigures[];
}

export interface DailyFigures {
  day: string;
  signups: number;
  operations: number;
  failed: number;
  creditsSpent: number;
  revenueCents: number;
}

export interface AdminOperation {
  id: string;
  userId: string | null;
  userEmail: string | null;
  kind: string;
  status: string;
  provider: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  attempts: number;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  queueWaitMs: number | null;
  runMs: number | null;
  repeatOfId: string | null;
  refunded: boolean;
}

export interface AuditEntry {
  id: string;
  at: string;
  actor: string;
  actorEmail: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
  address: string | null;
}

export interface AdminUserDetail {
  profile: {
    id: string;
    email: string;
    name: string;
    locale: string | null;
    role: string;
    createdAt: string;
    emailVerifiedAt: string | null;
    deletedAt: string | null;
    twoFactor: boolean;
  };
  plan: {
    tier: string;
    credits: number;
    subscription: null | {
      planId: string;
      planName: string;
      status: string;
      currentPeriodEnd: string | null;
      provider: string;
      granted: boolean;
      canceledAt: string | null;
    };
  };
  status: { suspended: boolean; suspendedAt: string | null; category: string | null; reason: string | null };
  galleryCount: number;
  apiKeys: Array<{ id: string; name: string; prefix: string; createdAt: string; lastUsedAt: string | null; revokedAt: string | null }>;
  sessions: Array<{ id: string; createdAt: string; lastSeenAt: string | null; method: string; device: string | null; country: string | null }>;
  webhooks: Array<{ id: string; url?: string; enabled?: boolean }>;
  audit: AuditEntry[];
}

export interface LedgerEntry {
  id: string;
  at: string;
  kind: string;
  operation: string | null;
  delta: number;
  balanceAfter: number;
}

/** As lib/admin/suspended-account.ts lists them (that module is server-only). */
export const SUSPENSION_CATEGORIES = ["abuse", "fraud", "spam", "chargeback", "other"] as const;
