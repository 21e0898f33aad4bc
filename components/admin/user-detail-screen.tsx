"use client";
// One account as the console sees it: who it is, its plan and credits, whether it is suspended and
// why, the actions on it, and its keys, sessions, ledger and audit trail.
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Link } from "@/components/layout/intent-link";
import { Badge } from "@/components/ui/badge";
import { SectionCard } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { LoadFailed } from "./load-failed";
import { ADMIN_QUERY_KEY, adminRequest } from "./admin-request";
import type { AdminUserDetail } from "./console-types";
import { UserActions } from "./user-actions";
import { UserAudit, UserKeys, UserLedger, UserSessions } from "./user-lists";
import { useConsoleFormat } from "./use-console-format";

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="text-sm break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function UserFacts({ detail }: { detail: AdminUserDetail }) {
  const t = useTranslations("Admin");
  const f = useConsoleFormat();
  const { profile, plan, status } = detail;
  const yesNo = (value: boolean) => (value ? t("yes") : t("no"));
  return (
    <SectionCard
      title={
        <span className="flex flex-wrap items-center gap-2 break-all">
          {profile.email}
          {profile.role === "admin" && <Badge variant="secondary">{t("roleAdmin")}</Badge>}
          {status.suspended && <Badge variant="destructive">{t("suspended")}</Badge>}
          {profile.deletedAt && <Badge variant="outline">{t("deleted")}</Badge>}
        </span>
      }
      description={profile.name}
      className="min-w-0"
      contentClassName="grid gap-6"
    >
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Fact label={t("factCredits")} testId="user-credits">
          {f.count(plan.credits)}
        </Fact>
        <Fact label={t("factPlan")}>
          {plan.subscription
            ? `${plan.subscription.planName} (${plan.subscription.status}${plan.subscription.granted ? `, ${t("grantedPlan")}` : ""})`
            : plan.tier}
        </Fact>
        <Fact label={t("factPeriodEnd")}>{f.moment(plan.subscription?.currentPeriodEnd)}</Fact>
        <Fact label={t("factCreated")}>{f.moment(profile.createdAt)}</Fact>
        <Fact label={t("factVerified")}>{profile.emailVerifiedAt ? f.moment(profile.emailVerifiedAt) : t("no")}</Fact>
        <Fact label={t("factTwoFactor")}>{yesNo(profile.twoFactor)}</Fact>
        <Fact label={t("factGallery")}>{f.count(detail.galleryCount)}</Fact>
        <Fact label={t("factLocale")}>{profile.locale ?? "—"}</Fact>
        <Fact label={t("factId")}>
          <span className="font-mono text-xs break-all">{profile.id}</span>
        </Fact>
      </dl>
      {status.suspended && (
        <p className="border-destructive/40 bg-destructive/5 rounded-md border p-3 text-sm" data-testid="suspension">
          {t("suspendedSince", { date: f.moment(status.suspendedAt), category: t(`category_${status.category ?? "other"}` as "category_other") })}
          {status.reason ? ` — ${status.reason}` : ""}
        </p>
      )}
      <UserActions detail={detail} />
      <Link href={`/admin/operations?userId=${encodeURIComponent(profile.id)}`} className="text-primary w-fit text-sm underline-offset-4 hover:underline">
        {t("seeOperations")}
      </Link>
    </SectionCard>
  );
}

export function UserDetailScreen({ userId }: { userId: string }) {
  const detail = useQuery({
    queryKey: [...ADMIN_QUERY_KEY, "user", userId],
    queryFn: () => adminRequest<AdminUserDetail>("GET", `/api/admin/users/${encodeURIComponent(userId)}`),
  });
  if (detail.isPending) return <Spinner aria-hidden className="size-6" />;
  if (detail.isError) return <LoadFailed error={detail.error} />;
  return (
    <div className="grid min-w-0 gap-6">
      <UserFacts detail={detail.data} />
      <UserKeys detail={detail.data} />
      <UserSessions detail={detail.data} />
      <UserLedger userId={userId} />
      <UserAudit detail={detail.data} />
    </div>
  );
}
