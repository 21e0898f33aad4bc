// The child process behind tests/setup/lint-probe.ts: loads the project's ESLint configuration once
// and answers one JSON line per request, { id, file, code } for text linted as `file` (what
// `eslint --stdin --stdin-filename` does) or { id, file } for a file on disk, with { id, messages }.
import { createInterface } from "node:readline";
import { ESLint } from "eslint";

const cwd = process.cwd();
// The cycle rule reads the linted file from disk, which a probe given as text is not.
const texts = new ESLint({ cwd, overrideConfig: { rules: { "import/no-cycle": "off" } } });
// Files on disk get the whole configuration, also in folders `npm run lint` ignores (`--no-ignore`).
let files;

for await (const line of createInterface({ input: process.stdin })) {
  const { id, file, code } = JSON.parse(line);
  try {
    if (code === undefined) files ??= new ESLint({ cwd, ignore: false });
    const [result] = code === undefined ? await files.lintFiles([file]) : await texts.lintText(code, { filePath: file });
    process.stdout.write(`${JSON.stringify({ id, messages: result?.messages ?? [] })}\n`);
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) })}\n`);
  }
}
