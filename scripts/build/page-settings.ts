// The settings a build bakes into its prerendered pages and that a server may be started without:
// the payment mode (the sandbox notice on every page, the plans screen's "not available" notice).
// `next build` records them beside its output (next.config.ts, `compiler.runAfterProductionCompile`);
// a production server started with other settings renders every page for its request instead of
// serving pages that would say the wrong thing (a container image is built once, then run with its
// keys).
import { existsSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { billingModeOf } from "../../lib/billing/mode";

const FILE = "page-settings.json";

interface PageSettings {
  billingMode: string;
}

function current(): PageSettings {
  return { billingMode: billingModeOf() };
}

export async function recordPageSettings(distDir: string): Promise<void> {
  await writeFile(path.join(distDir, FILE), `${JSON.stringify(current())}\n`);
}

/** Which settings differ between the build in `distDir` and this process ([] when it has no record). */
export function changedPageSettings(distDir: string): string[] {
  const file = path.join(distDir, FILE);
  if (!existsSync(file)) return [];
  const built = JSON.parse(readFileSync(file, "utf8")) as Partial<PageSettings>;
  const running = current();
  return (Object.keys(running) as (keyof PageSettings)[]).filter((key) => built[key] !== running[key]);
}
