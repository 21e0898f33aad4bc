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

async function main(): Promise<number> {
  const [command, email, ...rest] = process.argv.slice(2);
  if (!process.env.DATABASE_URL) {
    console.error("DATABASE_URL is not set: it names the database whose admins this changes.");
    return 1;
  }
  if (command === "list" && email === undefined) {
    const admins = await listAdmins();
    if (admins.length === 0) console.log("There are no admins. Make one with: npm run admin -- grant <email>");
    for (const admin of admins) console.log(`${admin.email}${admin.since ? `  (since ${admin.since.toISOString()})` : ""}`);
    return 0;
  }
  if ((command === "grant" || command === "revoke") && email && rest.length === 0) {
    try {
      const change = command === "grant" ? await grantAdmin(email, operator()) : await revokeAdmin(email, operator());
      console.log(change.outcome);
      return 0;
    } catch (error) {
      if (!(error instanceof RoleChangeRefused)) throw error;
      console.error(error.message);
      return 1;
    }
  }
  console.error(USAGE);
  return 2;
}

main()
  .then(async (code) => {
    await db.$disconnect();
    process.exit(code);
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
