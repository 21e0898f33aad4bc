// The console's audit log: newest first, filtered by actor (id or e-mail address), action, target and
// period, a page at a time; and its CSV export with the same filters, as a spreadsheet opens it: a
// header row, RFC 4180 quoting, and no cell that a spreadsheet would run as a formula.
import { randomUUID } from "node:crypto";
import { GET as exportCall } from "@/app/api/admin/audit/export/route";
import { GET as auditCall } from "@/app/api/admin/audit/route";
import { auditBatches } from "@/lib/admin/audit";
import { recordAudit } from "@/lib/audit/log";
import { db } from "@/lib/db";
import type { AdminAuditRow } from "@/lib/validation/admin";
import { adminSession } from "./admin-helpers";
import { apiRequest, signedInUser } from "./helpers";

type Row = AdminAuditRow;

/** RFC 4180: CRLF between records, fields in double quotes may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\r" && text[index + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      index += 1;
    } else field += char;
  }
  if (field !== "" || record.length) throw new Error(`The file does not end with CRLF: ${JSON.stringify(text.slice(-40))}`);
  return records;
}

describe("the console's audit log", () => {
  let cookie: string;
  let admin: { id: string; email: string };
  const target = `user-${randomUUID()}`;
  const otherTarget = `operation-${randomUUID()}`;

  const list = async (query: string, as = cookie) => auditCall(apiRequest("GET", `/api/admin/audit?${query}`, { cookie: as }));
  const items = async (query: string) => {
    const response = await list(query);
    expect(response.status).toBe(200);
    return (await response.json()) as { items: Row[]; nextCursor: string | null };
  };

  beforeAll(async () => {
    ({ user: admin, cookie } = await adminSession());
    const actor = { type: "admin" as const, id: admin.id };
    await recordAudit(db, {
      actor,
      action: "credits.adjust",
      target: { type: "user", id: target },
      reason: "Goodwill, ticket 1",
      before: { credits: 60 },
      after: { credits: 70 },
      address: "203.0.113.9",
    });
    await recordAudit(db, { actor, action: "user.suspend", target: { type: "user", id: target }, reason: '=HYPERLINK("http://evil.example","click")' });
    await recordAudit(db, { actor, action: "operation.refund", target: { type: "operation", id: otherTarget }, reason: 'Line one,\r\nline "two"' });
    await recordAudit(db, { actor, action: "credits.adjust", target: { type: "user", id: target }, reason: "+1 for the trouble" });
    await recordAudit(db, { actor, action: "credits.adjust", target: { type: "user", id: target }, reason: "-5 taken back" });
    await recordAudit(db, { actor, action: "credits.adjust", target: { type: "user", id: target }, reason: "@SUM(A1:A2)" });
    await recordAudit(db, { actor, action: "credits.adjust", target: { type: "user", id: target }, reason: "\tcmd|' /C calc'!A0" });
    await recordAudit(db, { actor, action: "credits.adjust", target: { type: "user", id: target }, reason: "\rhidden" });
    await recordAudit(db, { actor: { type: "cli" }, action: "admin.grant", target: { type: "user", id: target }, reason: null });
  });

  it("lists rows about a target newest first, with the acting admin's address", async () => {
    const { items: rows, nextCursor } = await items(`target=${target}`);
    expect(nextCursor).toBeNull();
    expect(rows.map((row) => row.action)).toEqual([
      "admin.grant",
      "credits.adjust",
      "credits.adjust",
      "credits.adjust",
      "credits.adjust",
      "credits.adjust",
      "user.suspend",
      "credits.adjust",
    ]);
    expect(rows[0]).toMatchObject({ actor: "cli", actorEmail: null, reason: null });
    expect(rows.at(-1)).toEqual({
      id: expect.stringMatching(/^\d+$/),
      at: expect.any(String),
      actor: admin.id,
      actorEmail: admin.email,
      action: "credits.adjust",
      targetType: "user",
      targetId: target,
      reason: "Goodwill, ticket 1",
      before: { credits: 60 },
      after: { credits: 70 },
      address: "203.0.113.9",
    });
  });

  it("filters by actor (id or e-mail address), action and period, and pages with a cursor", async () => {
    const byId = await items(`actor=${admin.id}&limit=100`);
    expect(byId.items).toHaveLength(8);
    const byEmail = await items(`actor=${encodeURIComponent(admin.email)}&limit=100`);
    expect(byEmail.items.map((row) => row.id)).toEqual(byId.items.map((row) => row.id));
    expect((await items(`actor=${admin.id}&action=operation.refund`)).items.map((row) => row.targetId)).toEqual([otherTarget]);
    expect((await items(`actor=${admin.id}&to=2001-01-01`)).items).toEqual([]);
    const first = byId.items.at(-1)!;
    expect((await items(`actor=${admin.id}&from=${encodeURIComponent(first.at)}&limit=100`)).items).toHaveLength(8);
    expect((await items("actor=nobody-at-all%40example.com")).items).toEqual([]);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const pageOf: { items: Row[]; nextCursor: string | null } = await items(`actor=${admin.id}&limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...pageOf.items.map((row) => row.id));
      cursor = pageOf.nextCursor;
    } while (cursor && seen.length < 50);
    expect(seen).toEqual(byId.items.map((row) => row.id));
  });

  it("exports the filtered rows as a CSV file with RFC 4180 quoting and no formula a spreadsheet would run", async () => {
    const response = await exportCall(apiRequest("GET", `/api/admin/audit/export?target=${target}`, { cookie }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="audit-${new Date().toISOString().slice(0, 10)}.csv"`);
    const records = parseCsv(await response.text());
    expect(records[0]).toEqual(["id", "at", "actor", "actorEmail", "action", "targetType", "targetId", "reason", "before", "after", "address"]);
    expect(records).toHaveLength(1 + 8);
    const reasons = records.slice(1).map((record) => record[7]);
    expect(reasons).toEqual([
      "",
      "'\rhidden",
      "'\tcmd|' /C calc'!A0",
      "'@SUM(A1:A2)",
      "'-5 taken back",
      "'+1 for the trouble",
      `'=HYPERLINK("http://evil.example","click")`,
      "Goodwill, ticket 1",
    ]);
    expect(records.at(-1)).toEqual([
      expect.stringMatching(/^\d+$/),
      expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      admin.id,
      admin.email,
      "credits.adjust",
      "user",
      target,
      "Goodwill, ticket 1",
      '{"credits":60}',
      '{"credits":70}',
      "203.0.113.9",
    ]);
    const refund = parseCsv(await (await exportCall(apiRequest("GET", `/api/admin/audit/export?target=${otherTarget}`, { cookie }))).text());
    expect(refund.slice(1).map((record) => record[7])).toEqual(['Line one,\r\nline "two"']);
  });

  it("quotes exactly the cells that need it in the file's own bytes", async () => {
    const text = await (await exportCall(apiRequest("GET", `/api/admin/audit/export?target=${otherTarget}`, { cookie }))).text();
    expect(text.split("\r\n")[0]).toBe("id,at,actor,actorEmail,action,targetType,targetId,reason,before,after,address");
    expect(text).toContain(`,operation.refund,operation,${otherTarget},"Line one,\r\nline ""two""",,,\r\n`);
  });

  it("reads the export a batch at a time and stops at its cap, newest rows first", async () => {
    const batches: string[][] = [];
    for await (const batch of auditBatches({ target }, 3, 5)) batches.push(batch.map((row) => row.id));
    const newest = (await items(`target=${target}&limit=5`)).items.map((row) => row.id);
    expect(batches.map((batch) => batch.length)).toEqual([3, 2]);
    expect(batches.flat()).toEqual(newest);
  });

  it("answers bad filters with a 400 and hides the log and its export from a plain user", async () => {
    const bad = await list("action=DROP TABLE");
    expect([bad.status, ((await bad.json()) as { message: string }).message]).toEqual([400, "The action must look like operation.refund."]);
    const badExport = await exportCall(apiRequest("GET", "/api/admin/audit/export?from=last-week", { cookie }));
    expect(badExport.status).toBe(400);
    expect((await list("cursor=%21%21")).status).toBe(400);
    expect((await list("limit=500")).status).toBe(400);
    const { cookie: userCookie } = await signedInUser();
    expect((await list("", userCookie)).status).toBe(404);
    expect((await exportCall(apiRequest("GET", "/api/admin/audit/export", { cookie: userCookie }))).status).toBe(404);
  });
});
