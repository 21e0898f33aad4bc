"use client";
// Every operation, newest first, filtered by outcome, kind, provider, account or dates. A failed one
// shows its error, attempts, queue wait and run time, and can be run again at no charge or refunded.
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { OperationKind, OperationStatus } from "@/lib/generated/prisma/enums";
import { adminRequest } from "./admin-request";
import type { AdminOperation } from "./console-types";
import { Cell, DataTable } from "./data-table";
import { FilteredListScreen, useFilteredList } from "./filtered-list-screen";
import { ReasonDialog, reasonWords } from "./reason-dialog";
import { useConsoleFormat } from "./use-console-format";

// The schema's own lists (a module of plain constants), so the filters offer what the API accepts.
const STATUSES = Object.values(OperationStatus);
const KINDS = Object.values(OperationKind);
/** What lib/admin/rerun.ts runs again, and what can be refunded (a finished operation's charge). */
const RERUNNABLE = new Set<string>([OperationStatus.failed, OperationStatus.canceled]);
const SETTLED = new Set<string>([OperationStatus.failed, OperationStatus.canceled, OperationStatus.succeeded]);

function OperationActions({ operation }: { operation: AdminOperation }) {
  const t = useTranslations("Admin");
  const base = `/api/admin/operations/${encodeURIComponent(operation.id)}`;
  return (
    <span className="flex gap-2">
      {operation.userId && RERUNNABLE.has(operation.status) && (
        <ReasonDialog {...reasonWords(t, "rerun")} send={(reason, key) => adminRequest("POST", `${base}/rerun`, { body: { reason }, idempotencyKey: key })} />
      )}
      {operation.userId && !operation.refunded && SETTLED.has(operation.status) && (
        <ReasonDialog {...reasonWords(t, "refund")} send={(reason, key) => adminRequest("POST", `${base}/refund`, { body: { reason }, idempotencyKey: key })} />
      )}
    </span>
  );
}

function OperationRow({ operation }: { operation: AdminOperation }) {
  const t = useTranslations("Admin");
  const f = useConsoleFormat();
  const failed = operation.status === "failed";
  return (
    <tr data-testid="operation-row">
      <Cell>{f.moment(operation.createdAt)}</Cell>
      <Cell>{operation.userEmail ?? "—"}</Cell>
      <Cell>{operation.kind}</Cell>
      <Cell>
        <span className="flex flex-wrap gap-1">
          <Badge variant={failed ? "destructive" : operation.status === "succeeded" ? "success" : "outline"}>{operation.status}</Badge>
          {operation.refunded && <Badge variant="secondary">{t("refunded")}</Badge>}
          {operation.repeatOfId && <Badge variant="outline">{t("rerunBadge")}</Badge>}
        </span>
      </Cell>
      <Cell>{operation.provider ?? "—"}</Cell>
      <Cell className="tabular-nums">{operation.attempts}</Cell>
      <Cell className="tabular-nums">{f.duration(operation.queueWaitMs)}</Cell>
      <Cell className="tabular-nums">{f.duration(operation.runMs)}</Cell>
      <Cell wrap>{failed ? [operation.errorCode, operation.errorMessage].filter(Boolean).join(": ") || "—" : "—"}</Cell>
      <Cell>
        <OperationActions operation={operation} />
      </Cell>
    </tr>
  );
}

export function OperationsScreen() {
  const t = useTranslations("Admin");
  const searchParams = useSearchParams();
  const operations = useFilteredList<AdminOperation>("/api/admin/operations", () => ({
    userId: searchParams.get("userId") ?? "",
    status: searchParams.get("status") ?? "",
  }));
  const list = operations.list;
  return (
    <FilteredListScreen
      title={t("operationsTitle")}
      filtered={operations}
      fields={[
        { name: "status", label: t("colStatus"), options: STATUSES.map((value) => ({ value, label: value })) },
        { name: "kind", label: t("colKind"), options: KINDS.map((value) => ({ value, label: value })) },
        { name: "provider", label: t("colProvider") },
        { name: "email", label: t("colEmail") },
        { name: "userId", label: t("colUserId") },
        { name: "from", label: t("fromLabel"), type: "date" },
        { name: "to", label: t("toLabel"), type: "date" },
      ]}
    >
      <DataTable
        label={t("operationsTitle")}
        columns={[
          t("colWhen"),
          t("colEmail"),
          t("colKind"),
          t("colStatus"),
          t("colProvider"),
          t("colAttempts"),
          t("colQueueWait"),
          t("colRunTime"),
          t("colError"),
          "",
        ]}
        empty={t("noOperations")}
        rowCount={list.items.length}
      >
        {list.items.map((operation) => (
          <OperationRow key={operation.id} operation={operation} />
        ))}
      </DataTable>
    </FilteredListScreen>
  );
}
