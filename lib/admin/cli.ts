// The `npm run admin` command (scripts/admin.ts): grant | revoke <email> | list, each answer as the
// lines it prints and the exit code it ends with: 0 done, 1 refused, 2 not a command.
import "server-only";
import { grantAdmin, listAdmins, revokeAdmin, RoleChangeRefused } from "./roles";

export const ADMIN_USAGE = "Usage: npm run admin -- grant <email> | revoke <email> | list";

export interface CommandOutcome {
  status: 0 | 1 | 2;
  stdout: string;
  stderr: string;
}

type Command = { name: "list" } | { name: "grant" | "revoke"; email: string };

/** The command the arguments spell, or null when they spell none. */
function parsedCommand(args: readonly string[]): Command | null {
  const [name, email, ...rest] = args;
  if (name === "list" && email === undefined) return { name };
  if ((name === "grant" || name === "revoke") && email?.trim() && rest.length === 0) return { name, email };
  return null;
}

/**
 * Runs one command. A malformed one is answered before anything else, the database included;
 * `operator` is who ran it (the system user), kept in the audit row.
 */
export async function adminCommand(args: readonly string[], options: { databaseUrl: string | undefined; operator: string | null }): Promise<CommandOutcome> {
  const command = parsedCommand(args);
  if (!command) return { status: 2, stdout: "", stderr: ADMIN_USAGE };
  if (!options.databaseUrl) return { status: 1, stdout: "", stderr: "DATABASE_URL is not set: it names the database whose admins this changes." };
  if (command.name === "list") {
    const admins = await listAdmins();
    if (admins.length === 0) return { status: 0, stdout: "There are no admins. Make one with: npm run admin -- grant <email>", stderr: "" };
    return { status: 0, stdout: admins.map((admin) => `${admin.email}${admin.since ? `  (since ${admin.since.toISOString()})` : ""}`).join("\n"), stderr: "" };
  }
  try {
    const change = command.name === "grant" ? await grantAdmin(command.email, options.operator) : await revokeAdmin(command.email, options.operator);
    return { status: 0, stdout: change.outcome, stderr: "" };
  } catch (error) {
    if (!(error instanceof RoleChangeRefused)) throw error;
    return { status: 1, stdout: "", stderr: error.message };
  }
}
