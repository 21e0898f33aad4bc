"use client";
// What an operator can do to an account, each through the reason dialog: grant or take credits, grant
// a plan for a while or end that grant, suspend (with a category) or lift it, end every session, send
// the verification mail again, delete the account. A key is revoked from its row (user-lists.tsx).
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SelectField } from "@/components/ui/select-field";
import { adminRequest } from "./admin-request";
import { SuspendAction } from "./choice-action";
import type { AdminUserDetail } from "./console-types";
import { ReasonDialog, reasonWords, type WordedAction } from "./reason-dialog";

function CreditsAction({ base, direction }: { base: string; direction: "grant" | "deduct" }) {
  const t = useTranslations("Admin");
  const [amount, setAmount] = useState("");
  const value = Number(amount);
  const valid = Number.isInteger(value) && value > 0;
  return (
    <ReasonDialog
      {...reasonWords(t, direction === "grant" ? "grantCredits" : "deductCredits")}
      ready={valid}
      onOpen={() => setAmount("")}
      send={(reason, key) => adminRequest("POST", `${base}/credits`, { body: { delta: direction === "grant" ? value : -value, reason }, idempotencyKey: key })}
    >
      <div className="grid gap-2">
        <Label htmlFor={`credits-${direction}`}>{t("amountLabel")}</Label>
        <Input
          id={`credits-${direction}`}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </div>
    </ReasonDialog>
  );
}

function PlanGrantAction({ base, plans }: { base: string; plans: AdminUserDetail["grantablePlans"] }) {
  const t = useTranslations("Admin");
  const [planId, setPlanId] = useState("");
  const [until, setUntil] = useState("");
  return (
    <ReasonDialog
      {...reasonWords(t, "grantPlan")}
      ready={Boolean(planId && until)}
      onOpen={() => {
        setPlanId("");
        setUntil("");
      }}
      send={(reason, key) =>
        adminRequest("POST", `${base}/plan`, { body: { planId, until: new Date(`${until}T23:59:59Z`).toISOString(), reason }, idempotencyKey: key })
      }
    >
      <SelectField
        label={t("planLabel")}
        value={planId}
        onChange={setPlanId}
        choose={t("choose")}
        options={plans.map((plan) => ({ value: plan.id, label: plan.name }))}
      />
      <div className="grid gap-2">
        <Label htmlFor="grant-until">{t("untilLabel")}</Label>
        <Input id="grant-until" type="date" value={until} onChange={(event) => setUntil(event.target.value)} />
      </div>
    </ReasonDialog>
  );
}

/** A dialog with nothing to fill in but the reason. */
function PlainAction({ action, method, path, destructive }: { action: WordedAction; method: string; path: string; destructive?: boolean }) {
  const t = useTranslations("Admin");
  return (
    <ReasonDialog
      {...reasonWords(t, action)}
      variant={destructive ? "destructive" : "outline"}
      send={(reason, key) => adminRequest(method, path, { body: { reason }, idempotencyKey: key })}
    />
  );
}

export function UserActions({ detail }: { detail: AdminUserDetail }) {
  const base = `/api/admin/users/${encodeURIComponent(detail.profile.id)}`;
  // A granted plan never renews (it is canceled from the start), so it is live while active.
  const granted = detail.plan.subscription?.granted === true && detail.plan.subscription.status === "active";
  if (detail.profile.deletedAt) return null;
  return (
    <div className="flex flex-wrap gap-2" data-testid="user-actions">
      <CreditsAction base={base} direction="grant" />
      <CreditsAction base={base} direction="deduct" />
      <PlanGrantAction base={base} plans={detail.grantablePlans} />
      {granted && <PlainAction action="endPlan" method="DELETE" path={`${base}/plan`} />}
      {detail.status.suspended ? (
        <PlainAction action="unsuspend" method="DELETE" path={`${base}/suspension`} />
      ) : (
        <SuspendAction action="suspend" path={`${base}/suspension`} />
      )}
      {detail.sessions.length > 0 && <PlainAction action="endSessions" method="DELETE" path={`${base}/sessions`} />}
      {!detail.profile.emailVerifiedAt && <PlainAction action="resendMail" method="POST" path={`${base}/verification-mail`} />}
      <PlainAction action="deleteAccount" method="DELETE" path={base} destructive />
    </div>
  );
}
