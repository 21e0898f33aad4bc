// The audit trail is append-only: the database itself refuses to change or remove a row, whatever
// the code does, and a row is written in its action's transaction, so a rolled-back action leaves none.
import { auditEntriesAbout, recordAudit } from "@/lib/audit/log";
import { db } from "@/lib/db";

const target = () => ({ type: "user", id: `user-${Math.random().toString(36).slice(2)}` });

async function refusal(statement: string): Promise<string> {
  try {
    await db.$executeRawUnsafe(statement);
  } catch (error) {
    return String(error instanceof Error ? error.message : error);
  }
  return "not refused";
}

describe("the audit log", () => {
  it("refuses UPDATE, DELETE and TRUNCATE, and the row stays as written", async () => {
    const about = target();
    const row = await recordAudit(db, {
      actor: { type: "cli", id: "ops" },
      action: "admin.grant",
      target: about,
      before: { role: "user" },
      after: { role: "admin" },
    });
    expect(await refusal(`UPDATE "audit_log" SET "reason" = 'rewritten' WHERE "id" = ${row.id}`)).toMatch(/append-only/);
    expect(await refusal(`DELETE FROM "audit_log" WHERE "id" = ${row.id}`)).toMatch(/append-only/);
    expect(await refusal(`TRUNCATE "audit_log"`)).toMatch(/append-only/);
    await expect(db.auditLog.update({ where: { id: row.id }, data: { reason: "rewritten" } })).rejects.toThrow(/append-only/);
    await expect(db.auditLog.deleteMany({ where: { id: row.id } })).rejects.toThrow(/append-only/);
    expect(await db.auditLog.findUniqueOrThrow({ where: { id: row.id } })).toEqual(row);
  });

  it("writes nothing when the action's transaction rolls back", async () => {
    const about = target();
    await expect(
      db.$transaction(async (tx) => {
        await recordAudit(tx, { actor: { type: "admin", id: "someone" }, action: "user.suspend", target: about, reason: "a reason long enough" });
        throw new Error("the action failed");
      }),
    ).rejects.toThrow("the action failed");
    expect(await auditEntriesAbout(about.type, about.id)).toEqual([]);
  });

  it("pages the rows about a target, newest first", async () => {
    const about = target();
    for (const action of ["admin.grant", "admin.revoke", "admin.grant"] as const) {
      await recordAudit(db, { actor: { type: "cli" }, action, target: about });
      // Rows about another target, or another kind of target with the same id, are not its rows.
      await recordAudit(db, { actor: { type: "cli" }, action, target: target() });
      await recordAudit(db, { actor: { type: "system" }, action: "operation.refund", target: { type: "operation", id: about.id } });
    }
    const first = await auditEntriesAbout(about.type, about.id, { take: 2 });
    expect(first.map((row) => row.action)).toEqual(["admin.grant", "admin.revoke"]);
    const rest = await auditEntriesAbout(about.type, about.id, { take: 2, cursor: first.at(-1)!.id });
    expect(rest.map((row) => row.action)).toEqual(["admin.grant"]);
    expect(rest[0]!.id < first[1]!.id).toBe(true);
    expect(await auditEntriesAbout(about.type, about.id, { take: 2, cursor: rest[0]!.id })).toEqual([]);
  });

  it("keeps every part of the entry as given", async () => {
    const about = target();
    await recordAudit(db, {
      actor: { type: "admin", id: "operator-1" },
      action: "user.suspend",
      target: about,
      reason: "Repeated abuse reports",
      before: { suspended: false },
      after: { suspended: true, category: "abuse" },
      address: "203.0.113.7",
    });
    const [row] = await auditEntriesAbout(about.type, about.id);
    expect(row).toMatchObject({
      actorType: "admin",
      actorId: "operator-1",
      action: "user.suspend",
      targetType: "user",
      targetId: about.id,
      reason: "Repeated abuse reports",
      before: { suspended: false },
      after: { suspended: true, category: "abuse" },
      address: "203.0.113.7",
    });
  });
});
