// npm run admin -- grant <email> | revoke <email> | list — the only way to make or unmake an admin,
// against DATABASE_URL; each change is in the audit log with the system user who ran it.
import { userInfo } from "node:os";
import { grantAdmin, listAdmins, revokeAdmin, RoleChangeRefused } from "../lib/admin/roles";
import { db } from "../lib/db";

const USAGE = "Usage: npm run admin -- grant <email> | revoke <email> | list";

function operator(): string | null {
  try {
    return userInfo().username;
  } catch {
    return null;
  }
}

type Command = { name: "list" } | { name: "grant" | "revoke"; email: string };

/** The command the arguments spell, or null when they spell none. */
function parsedCommand(args: string[]): Command | null {
  const [name, email, ...rest] = args;
  if (name === "list" && email === undefined) return { name };
  if ((name === "grant" || name === "revoke") && email?.trim() && rest.length === 0) return { name, email };
  return null;
}

/** Carries out a well-formed command against the database; the exit code. */
async function run(command: Command): Promise<number> {
  if (command.name === "list") {
    const admins = await listAdmins();
    if (admins.length === 0) console.log("There are no admins. Make one with: npm run admin -- grant <email>");
    for (const admin of admins) console.log(`${admin.email}${admin.since ? `  (since ${admin.since.toISOString()})` : ""}`);
    return 0;
  }
  try {
    const change = command.name === "grant" ? await grantAdmin(command.email, operator()) : await revokeAdmin(command.email, operator());
    console.log(change.outcome);
    return 0;
  } catch (error) {
    if (!(error instanceof RoleChangeRefused)) throw error;
    console.error(error.message);
    return 1;
  }
}

async function main(): Promise<number> {
  // A malformed command is answered before anything else, the database included.
  const command = parsedCommand(process.argv.slice(2));
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  if (!process.env.DATABASE_URL) {
    console.error("DATABASE_URL is not set: it names the database whose admins this changes.");
    return 1;
  }
  try {
    return await run(command);
  } finally {
    await db.$disconnect();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
