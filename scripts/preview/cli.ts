// What the preview scripts share: the server from DATABASE_URL, the name from the command line, and
// one way to fail (a message on stderr, exit 1).
import { PreviewNameError } from "../../lib/preview/names";
import { UnmarkedDatabaseError } from "../../lib/preview/databases";

export function serverUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) fail("DATABASE_URL is not set: point it at the PostgreSQL server the previews live on (any database on it).");
  return url;
}

export function nameArgument(script: string): string {
  const name = process.argv[2];
  if (!name || process.argv.length > 3) fail(`Usage: npm run ${script} -- <name>   (e.g. pr-12: lowercase letters, digits, - and _)`);
  return name;
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Runs the script, turning the errors a person can act on into one line and anything else into its stack. */
export function run(main: () => Promise<void>): void {
  main()
    .then(() => process.exit(0))
    .catch((error: unknown) => {
      if (error instanceof PreviewNameError || error instanceof UnmarkedDatabaseError) fail(error.message);
      console.error(error);
      process.exit(1);
    });
}
