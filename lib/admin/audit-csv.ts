// The audit log as a CSV file an operator opens in a spreadsheet: RFC 4180 (CRLF rows, a field with a
// comma, quote or line break in double quotes, quotes doubled) and safe to open: a cell that starts
// with = + - @, a tab or a carriage return gets a leading ' so no spreadsheet runs it as a formula
// (OWASP's CSV injection advice). It is streamed a batch at a time and holds at most EXPORT_MOST_ROWS
// rows, the newest; narrow the period (from, to) to export older ones.
import "server-only";
import type { AdminAuditRow, AuditExportFilters } from "@/lib/validation/admin";
import { auditBatches } from "./audit";

export const EXPORT_MOST_ROWS = 100_000;
const BATCH = 1_000;

const COLUMNS = ["id", "at", "actor", "actorEmail", "action", "targetType", "targetId", "reason", "before", "after", "address"] as const;

/** One cell: formula-looking text defused, then quoted when it has to be. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvRow = (cells: readonly unknown[]) => `${cells.map(csvCell).join(",")}\r\n`;

const rowOf = (row: AdminAuditRow) => COLUMNS.map((column) => row[column]);

/** The file's name for today (UTC): audit-2026-11-28.csv. */
export const auditExportName = (now = new Date()) => `audit-${now.toISOString().slice(0, 10)}.csv`;

/** The header row, then every matching row, newest first, as UTF-8 bytes. */
export function auditCsvStream(filters: AuditExportFilters): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const batches = auditBatches(filters, BATCH, EXPORT_MOST_ROWS);
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvRow(COLUMNS)));
        return;
      }
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value.map((row) => csvRow(rowOf(row))).join("")));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
