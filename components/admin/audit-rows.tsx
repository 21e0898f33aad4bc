"use client";
// Audit entries as a table: when, who, what to which target, why, what changed, from where.
import { useTranslations } from "next-intl";
import type { AuditEntry } from "./console-types";
import { Cell, DataTable } from "./data-table";
import { useConsoleFormat } from "./use-console-format";

function change(entry: AuditEntry): string {
  const show = (value: unknown) => (value === null || value === undefined ? "—" : JSON.stringify(value));
  return entry.before === null && entry.after === null ? "—" : `${show(entry.before)} → ${show(entry.after)}`;
}

export function AuditRows({ entries }: { entries: AuditEntry[] }) {
  const t = useTranslations("Admin");
  const f = useConsoleFormat();
  return (
    <DataTable
      label={t("auditTitle")}
      columns={[t("colWhen"), t("colActor"), t("colAction"), t("colTarget"), t("colReason"), t("colChange"), t("colAddress")]}
      empty={t("nothingYet")}
      rowCount={entries.length}
    >
      {entries.map((entry) => (
        <tr key={entry.id} data-testid="audit-row">
          <Cell>{f.moment(entry.at)}</Cell>
          <Cell>{entry.actorEmail ?? entry.actor}</Cell>
          <Cell className="font-mono text-xs">{entry.action}</Cell>
          <Cell className="font-mono text-xs">{entry.targetId ? `${entry.targetType}:${entry.targetId}` : entry.targetType}</Cell>
          <Cell wrap>{entry.reason ?? "—"}</Cell>
          <Cell wrap className="font-mono text-xs">
            {change(entry)}
          </Cell>
          <Cell>{entry.address ?? "—"}</Cell>
        </tr>
      ))}
    </DataTable>
  );
}
