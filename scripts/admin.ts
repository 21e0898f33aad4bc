// npm run admin -- grant <email> | revoke <email> | list — the only way to make or unmake an admin,
// against DATABASE_URL; each change is in the audit log with the system user who ran it
// (lib/admin/cli.ts).
import { userInfo } from "node:os";
import { adminCommand } from "../lib/admin/cli";

function operator(): string | null {
  try {
    return userInfo().username;
  } catch {
    return null;
  }
}

async function main(): Promise<number> {
  const outcome = await adminCommand(process.argv.slice(2), { databaseUrl: process.env.DATABASE_URL, operator: operator() });
  if (outcome.stdout) console.log(outcome.stdout);
  if (outcome.stderr) console.error(outcome.stderr);
  return outcome.status;
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
