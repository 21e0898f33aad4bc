"use client";
// The lists on an account's console page: its API keys (each revocable), its live sessions, its
// credit ledger page by page, and what operators did to it.
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { SectionCard } from "@/components/ui/card";
import { adminRequest } from "./admin-request";
import { AuditRows } from "./audit-rows";
import type { AdminUserDetail, LedgerEntry } from "./console-types";
import { Cell, DataTable } from "./data-table";
import { ReasonDialog } from "./reason-dialog";
import { useConsoleFormat } from "./use-console-format";
import { LoadFailed } from "./load-failed";
import { LoadMoreButton } from "./load-more-button";
import { usePagedList } from "./use-paged-list";

export function UserKeys({ detail }: { detail: AdminUserDetail }) {
  const t = useTranslations("Admin");
  const f = useConsoleFormat();
  const base = `/api/admin/users/${encodeURIComponent(detail.profile.id)}/api-keys`;
  return (
    <SectionCard title={t("apiKeysTitle")} className="min-w-0">
      <DataTable
        label={t("apiKeysTitle")}
        columns={[t("colName"), t("colPrefix"), t("colCreated"), t("colLastUsed"), ""]}
        empty={t("nothingYet")}
        rowCount={detail.apiKeys.length}
      >
        {detail.apiKeys.map((key) => (
          <tr key={key.id}>
            <Cell>{key.name}</Cell>
            <Cell className="font-mono text-xs">{key.prefix}</Cell>
            <Cell>{f.moment(key.createdAt)}</Cell>
            <Cell>{f.moment(key.lastUsedAt)}</Cell>
            <Cell>
              {key.revokedAt ? (
                <Badge variant="outline">{t("revoked")}</Badge>
              ) : (
                <ReasonDialog
                  trigger={t("revokeKeyLabel")}
                  title={t("revokeKeyLabel")}
                  confirm={t("revokeKeyLabel")}
                  description={t("revokeKeyDescription", { name: key.name })}
                  done={t("revokeKeyDone")}
                  variant="destructive"
                  send={(reason, idempotencyKey) => adminRequest("DELETE", `${base}/${encodeURIComponent(key.id)}`, { body: { reason }, idempotencyKey })}
                />
              )}
            </Cell>
          </tr>
        ))}
      </DataTable>
    </SectionCard>
  );
}

export function UserSessions({ detail }: { detail: AdminUserDetail }) {
  const t = useTranslations("Admin");
  const f = useConsoleFormat();
  return (
    <SectionCard title={t("sessionsTitle")} className="min-w-0">
      <DataTable
        label={t("sessionsTitle")}
        columns={[t("colDevice"), t("colMethod"), t("colCreated"), t("colLastSeen")]}
        empty={t("nothingYet")}
        rowCount={detail.sessions.length}
      >
        {detail.sessions.map((session) => (
          <tr key={session.id}>
            <Cell>{[session.device, session.country].filter(Boolean).join(" · ") || "—"}</Cell>
            <Cell>{session.method}</Cell>
            <Cell>{f.moment(session.createdAt)}</Cell>
            <Cell>{f.moment(session.lastSeenAt)}</Cell>
          </tr>
        ))}
      </DataTable>
    </SectionCard>
  );
}

export function UserLedger({ userId }: { userId: string }) {
  const t = useTranslations("Admin");
  const f = useConsoleFormat();
  const ledger = usePagedList<LedgerEntry>(`/api/admin/users/${encodeURIComponent(userId)}/ledger`);
  return (
    <SectionCard title={t("ledgerTitle")} className="min-w-0" contentClassName="grid gap-3">
      {ledger.isError && <LoadFailed error={ledger.error} />}
      {ledger.data && (
        <DataTable
          label={t("ledgerTitle")}
          columns={[t("colWhen"), t("colKind"), t("colOperation"), t("colDelta"), t("colBalance"), t("colReason")]}
          empty={t("nothingYet")}
          rowCount={ledger.items.length}
        >
          {ledger.items.map((entry) => (
            <tr key={entry.id} data-testid="ledger-row">
              <Cell>{f.moment(entry.at)}</Cell>
              <Cell>{entry.kind}</Cell>
              <Cell>{entry.operation ?? "—"}</Cell>
              <Cell className="tabular-nums">{entry.delta > 0 ? `+${f.count(entry.delta)}` : f.count(entry.delta)}</Cell>
              <Cell className="tabular-nums">{f.count(entry.balanceAfter)}</Cell>
              <Cell wrap>{entry.note ?? "—"}</Cell>
            </tr>
          ))}
        </DataTable>
      )}
      <LoadMoreButton list={ledger} />
    </SectionCard>
  );
}

export function UserAudit({ detail }: { detail: AdminUserDetail }) {
  const t = useTranslations("Admin");
  return (
    <SectionCard title={t("userAuditTitle")} className="min-w-0">
      <AuditRows entries={detail.audit} />
    </SectionCard>
  );
}
