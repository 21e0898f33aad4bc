// `npm run admin` is the only way to make or unmake an admin: each change says what it did and writes
// one audit row with actor "cli"; a no-op or a refusal writes none; the last admin stays one, even when
// two revocations race. The command runs in this process (lib/admin/cli.ts), and once as the script
// itself, as npm runs it.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { adminCommand } from "@/lib/admin/cli";
import { revokeAdmin } from "@/lib/admin/roles";
import { db } from "@/lib/db";
import { signedInUser } from "./helpers";

const ROOT = path.join(__dirname, "..", "..");

/** Runs the script as `npm run admin` does, against this worker's database unless `env` says otherwise. */
function adminWith(env: NodeJS.ProcessEnv, ...args: string[]) {
  const run = spawnSync(process.execPath, [require.resolve("tsx/cli"), "--conditions=react-server", "scripts/admin.ts", ...args], {
    cwd: ROOT,
    env,
    encoding: "utf8",
  });
  return { status: run.status, stdout: run.stdout.trim(), stderr: run.stderr.trim() };
}

const admin = (...args: string[]) => adminCommand(args, { databaseUrl: process.env.DATABASE_URL, operator: "ops" });
const USAGE = "Usage: npm run admin -- grant <email> | revoke <email> | list";

const auditRowsAbout = (userId: string) => db.auditLog.findMany({ where: { targetType: "user", targetId: userId }, orderBy: { id: "asc" } });

describe("npm run admin", () => {
  beforeEach(async () => {
    // Each test starts with no admin at all.
    await db.user.updateMany({ where: { role: "admin" }, data: { role: "user" } });
  });

  it("grants, lists and revokes, each change with one audit row and nothing for a no-op", async () => {
    const { user: first } = await signedInUser();
    const { user: second } = await signedInUser();
    expect(await admin("grant", first.email.toUpperCase())).toEqual({ status: 0, stdout: `${first.email} is now an admin.`, stderr: "" });
    expect((await admin("grant", first.email)).stdout).toBe(`${first.email} was already an admin; nothing changed.`);
    expect((await admin("grant", second.email)).status).toBe(0);
    const listed = await admin("list");
    expect(listed.status).toBe(0);
    expect(
      listed.stdout
        .split("\n")
        .map((line) => line.split(" ")[0])
        .sort(),
    ).toEqual([first.email, second.email].sort());
    expect(listed.stdout).toMatch(/since \d{4}-\d\d-\d\dT/);

    expect(await admin("revoke", second.email)).toEqual({ status: 0, stdout: `${second.email} is no longer an admin.`, stderr: "" });
    expect((await db.user.findUniqueOrThrow({ where: { id: second.id } })).role).toBe("user");
    const rows = await auditRowsAbout(first.id);
    expect(rows.map((row) => [row.actorType, row.action, row.before, row.after])).toEqual([["cli", "admin.grant", { role: "user" }, { role: "admin" }]]);
    expect((await auditRowsAbout(second.id)).map((row) => row.action)).toEqual(["admin.grant", "admin.revoke"]);
  });

  it("refuses to revoke the last admin, an unknown address, and a malformed command", async () => {
    const { user } = await signedInUser();
    await admin("grant", user.email);
    expect(await admin("revoke", user.email)).toEqual({ status: 1, stdout: "", stderr: `${user.email} is the last admin; grant another first.` });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe("admin");
    expect(await admin("grant", "nobody-here@example.com")).toEqual({
      status: 1,
      stdout: "",
      stderr: "No account has the e-mail address nobody-here@example.com.",
    });
    expect(await admin("revoke", "Nobody-Here@example.com")).toEqual({
      status: 1,
      stdout: "",
      stderr: "No account has the e-mail address Nobody-Here@example.com.",
    });
    for (const args of [[], ["promote", user.email], ["grant"], ["grant", " "], ["grant", user.email, "extra"], ["list", "extra"]]) {
      expect(await admin(...args)).toEqual({ status: 2, stdout: "", stderr: USAGE });
    }
    // Usage comes first: a malformed command is not mistaken for a missing database.
    expect(await adminCommand([], { databaseUrl: undefined, operator: null })).toEqual({ status: 2, stdout: "", stderr: USAGE });
    expect((await adminCommand(["list"], { databaseUrl: undefined, operator: null })).status).toBe(1);
    expect((await auditRowsAbout(user.id)).map((row) => row.action)).toEqual(["admin.grant"]);
  });

  it("refuses a deleted account and leaves a revocation of a non-admin a no-op, writing no audit row", async () => {
    const { user: deleted } = await signedInUser();
    await db.user.update({ where: { id: deleted.id }, data: { deletedAt: new Date() } });
    expect(await admin("grant", deleted.email)).toEqual({ status: 1, stdout: "", stderr: `The account of ${deleted.email} was deleted.` });
    expect((await db.user.findUniqueOrThrow({ where: { id: deleted.id } })).role).toBe("user");

    const { user: ordinary } = await signedInUser();
    expect(await admin("revoke", ordinary.email)).toEqual({ status: 0, stdout: `${ordinary.email} was not an admin; nothing changed.`, stderr: "" });
    expect((await db.user.findUniqueOrThrow({ where: { id: ordinary.id } })).role).toBe("user");
    expect(await auditRowsAbout(deleted.id)).toEqual([]);
    expect(await auditRowsAbout(ordinary.id)).toEqual([]);
  });

  it("keeps one admin when the last two are revoked at once", async () => {
    const { user: first } = await signedInUser();
    const { user: second } = await signedInUser();
    await db.user.updateMany({ where: { id: { in: [first.id, second.id] } }, data: { role: "admin" } });
    const outcomes = await Promise.allSettled([revokeAdmin(first.email, "test"), revokeAdmin(second.email, "test")]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await db.user.count({ where: { role: "admin" } })).toBe(1);
  });

  it("does not count a suspended admin among those that remain", async () => {
    const { user: active } = await signedInUser();
    const { user: suspended } = await signedInUser();
    await db.user.updateMany({ where: { id: { in: [active.id, suspended.id] } }, data: { role: "admin" } });
    await db.user.update({ where: { id: suspended.id }, data: { suspendedAt: new Date(), suspensionCategory: "other" } });
    await expect(revokeAdmin(active.email, "test")).rejects.toThrow(`${active.email} is the last admin; grant another first.`);
    expect((await db.user.findUniqueOrThrow({ where: { id: active.id } })).role).toBe("admin");
  });

  it("revokes a suspended admin while another admin who can sign in remains", async () => {
    const { user: active } = await signedInUser();
    const { user: suspended } = await signedInUser();
    await db.user.updateMany({ where: { id: { in: [active.id, suspended.id] } }, data: { role: "admin" } });
    await db.user.update({ where: { id: suspended.id }, data: { suspendedAt: new Date(), suspensionCategory: "other" } });
    expect(await admin("revoke", suspended.email)).toEqual({ status: 0, stdout: `${suspended.email} is no longer an admin.`, stderr: "" });
    expect((await db.user.findUniqueOrThrow({ where: { id: active.id } })).role).toBe("admin");
  });

  it("runs as npm runs it: the script grants and lists against DATABASE_URL, and answers a bad command with usage and 2", async () => {
    const { user } = await signedInUser();
    const env = { ...process.env, DATABASE_URL: process.env.DATABASE_URL };
    expect(adminWith(env, "grant", user.email)).toEqual({ status: 0, stdout: `${user.email} is now an admin.`, stderr: "" });
    const withoutDatabase = { ...process.env };
    delete withoutDatabase.DATABASE_URL;
    expect(adminWith(withoutDatabase, "promote")).toEqual({ status: 2, stdout: "", stderr: USAGE });
    const [row] = await auditRowsAbout(user.id);
    expect([row!.actorType, row!.action]).toEqual(["cli", "admin.grant"]);
  });
});
