// The hand-written migrations must build exactly the database that prisma/schema.prisma describes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { db } from "@/lib/db";
import { readMigrations } from "@/lib/db/migrate";

interface FieldSpec {
  name: string;
  nullable: boolean;
}
interface ModelSpec {
  name: string;
  table: string;
  fields: FieldSpec[];
}

const SCALARS = new Set(["String", "Int", "Boolean", "DateTime", "Json", "Float", "BigInt", "Decimal", "Bytes"]);

function parseSchema(source: string) {
  const enums = new Map<string, string[]>();
  for (const match of source.matchAll(/^enum (\w+) \{([\s\S]*?)\n\}/gm)) {
    enums.set(
      match[1]!,
      match[2]!
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith("//")),
    );
  }
  const models: ModelSpec[] = [];
  const indexes: string[] = [];
  for (const match of source.matchAll(/^model (\w+) \{([\s\S]*?)\n\}/gm)) {
    const body = match[2]!;
    const table = /@@map\("([^"]+)"\)/.exec(body)?.[1] ?? match[1]!;
    const fields = body
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("//") && !line.startsWith("@@"))
      .map((line) => line.split(/\s+/))
      .filter(([, type]) => type && (SCALARS.has(type.replace(/[?[\]]/g, "")) || enums.has(type.replace(/[?[\]]/g, ""))))
      .map(([name, type]) => ({ name: name!, nullable: type!.endsWith("?") }));
    models.push({ name: match[1]!, table, fields });
    // A column's own arguments, e.g. email(ops: raw("text_pattern_ops")), are not part of its name.
    for (const index of body.matchAll(/@@index\(\[([^\]]+)\]/g)) {
      const columns = index[1]!.split(/,\s*/).map((column) => column.replace(/\(.*\)$/, ""));
      indexes.push(`${table}(${columns.join(", ")})`);
    }
  }
  return { enums, models, indexes };
}

const schema = parseSchema(readFileSync(path.join(process.cwd(), "prisma/schema.prisma"), "utf8"));

describe("database schema", () => {
  it.each(schema.models.map((model) => [model.name, model] as const))("table of %s has every column with its nullability", async (_name, model) => {
    const columns = await db.$queryRaw<Array<{ column_name: string; is_nullable: string }>>`
      SELECT column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ${model.table}`;
    const actual = Object.fromEntries(columns.map((column) => [column.column_name, column.is_nullable === "YES"]));
    const expected = Object.fromEntries(model.fields.map((field) => [field.name, field.nullable]));
    expect(actual).toEqual(expected);
  });

  it("has every enum with the schema's values in order", async () => {
    for (const [name, values] of schema.enums) {
      const rows = await db.$queryRaw<Array<{ enumlabel: string }>>`
        SELECT e.enumlabel FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid WHERE t.typname = ${name} ORDER BY e.enumsortorder`;
      expect([name, rows.map((row) => row.enumlabel)]).toEqual([name, values]);
    }
  });

  it("has every index the schema declares, on the same columns in the same order", async () => {
    const rows = await db.$queryRaw<Array<{ table_name: string; columns: string[] }>>`
      SELECT t.relname AS table_name,
             ARRAY(SELECT a.attname::text FROM unnest(i.indkey) WITH ORDINALITY AS k(attnum, n)
                   JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n) AS columns
      FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace s ON s.oid = t.relnamespace
      WHERE s.nspname = 'public'`;
    const actual = new Set(rows.map((row) => `${row.table_name}(${row.columns.join(", ")})`));
    const missing = schema.indexes.filter((index) => !actual.has(index));
    expect(missing).toEqual([]);
  });

  // Every foreign key column leads an index: deleting a user or a file, and every screen that lists a
  // user's rows, would otherwise read the whole referencing table.
  it("covers every foreign key with an index that starts with its columns", async () => {
    const uncovered = await db.$queryRaw<Array<{ constraint_name: string }>>`
      SELECT c.conname::text AS constraint_name
      FROM pg_constraint c JOIN pg_namespace s ON s.oid = c.connamespace
      WHERE c.contype = 'f' AND s.nspname = 'public'
        AND NOT EXISTS (
          SELECT 1 FROM pg_index i
          WHERE i.indrelid = c.conrelid
            AND (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
            AND (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey)
      ORDER BY 1`;
    expect(uncovered.map((row) => row.constraint_name)).toEqual([]);
  });

  it("records every migration as applied, with Prisma's checksum", async () => {
    const migrations = await readMigrations();
    const rows = await db.$queryRaw<Array<{ migration_name: string; checksum: string; applied_steps_count: number }>>`
      SELECT migration_name, checksum, applied_steps_count FROM "_prisma_migrations" WHERE finished_at IS NOT NULL ORDER BY migration_name`;
    expect(rows).toEqual(migrations.map((m) => ({ migration_name: m.name, checksum: m.checksum, applied_steps_count: 1 })));
  });

  it("reads and writes every model through Prisma", async () => {
    const user = await db.user.create({ data: { email: `schema-${Date.now()}@example.com`, firstName: "S", lastName: "T" } });
    const file = await db.storedFile.create({
      data: { id: `f${Date.now()}`, storageKey: `k${Date.now()}`, contentType: "image/png", byteSize: 1, userId: user.id },
    });
    const spend = await db.creditTransaction.create({ data: { userId: user.id, kind: "spend", delta: -1, balanceAfter: 0, idempotencyKey: `s-${user.id}` } });
    await db.creditTransaction.create({
      data: { userId: user.id, kind: "refund", delta: 1, balanceAfter: 1, idempotencyKey: `r-${user.id}`, refundOfId: spend.id },
    });
    await db.account.create({ data: { userId: user.id, provider: "google", providerAccountId: user.id } });
    await db.subscription.create({ data: { userId: user.id, planId: "pro", provider: "sandbox", providerSubscriptionId: `sub-${user.id}` } });
    await db.processedWebhookEvent.create({ data: { id: `evt-${user.id}`, provider: "stripe", type: "invoice.paid" } });
    await db.savedImage.create({ data: { userId: user.id, fileId: file.id, filename: "a.png", tool: "bg_removal", fileSize: 1 } });
    await db.project.create({ data: { userId: user.id, name: "P", state: { history: [] } } });
    const made = await db.operation.create({
      data: { userId: user.id, kind: "generate", provider: "local", resultFileId: file.id, params: { size: "1024x1024" }, model: "m", seed: 7 },
    });
    const again = await db.operation.create({ data: { userId: user.id, kind: "edit", provider: "local", repeatOfId: made.id } });
    await db.operationInput.create({ data: { operationId: again.id, position: 0, fileId: file.id, sha256: "0".repeat(64), parentOperationId: made.id } });
    expect(await db.operationInput.findFirstOrThrow({ where: { operationId: again.id }, include: { parentOperation: true } })).toMatchObject({
      parentOperation: { id: made.id, seed: 7 },
    });
    await db.rateLimitBucket.create({ data: { key: `test-${user.id}`, hits: 1, resetAt: new Date() } });
    const copy = await db.storedFile.create({
      data: { id: `c${Date.now()}`, storageKey: `c${Date.now()}`, contentType: "image/jpeg", byteSize: 1, userId: user.id, guestKeyHash: null },
    });
    const share = await db.share.create({
      data: { tokenHash: `t-${user.id}`, tokenSealed: "sealed", tokenKeyId: "k", userId: user.id, sourceFileId: file.id, fileId: copy.id, caption: "Mine" },
    });
    const report = await db.report.create({
      data: { url: `/s/token`, shareId: share.id, fileId: copy.id, category: "privacy", explanation: "Mine", goodFaith: true, status: "removed" },
    });
    await db.reportAppeal.create({ data: { reportId: report.id, userId: user.id, text: "Please look again" } });
    expect(
      await db.share.findUniqueOrThrow({ where: { id: share.id }, include: { reports: { include: { appeal: true } }, source: true, file: true } }),
    ).toMatchObject({
      views: 0,
      indexable: false,
      source: { id: file.id },
      file: { id: copy.id },
      reports: [{ category: "privacy", appeal: { status: "open" } }],
    });

    const loaded = await db.user.findUniqueOrThrow({
      where: { id: user.id },
      include: { accounts: true, ledger: true, subscriptions: true, files: true, savedImages: true, projects: true, operations: true },
    });
    expect([loaded.accounts, loaded.subscriptions, loaded.files, loaded.savedImages, loaded.projects, loaded.operations].map((list) => list.length)).toEqual([
      1, 1, 2, 1, 1, 2,
    ]);
    expect(loaded.ledger).toHaveLength(2);
    expect(await db.plan.count()).toBeGreaterThanOrEqual(3);
  });

  it("never lets a balance go below zero, whatever the code does", async () => {
    const user = await db.user.create({ data: { email: `check-${Date.now()}@example.com`, firstName: "C", lastName: "K" } });
    await expect(db.user.update({ where: { id: user.id }, data: { credits: -1 } })).rejects.toThrow();
  });
});
