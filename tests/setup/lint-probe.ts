// One ESLint per test file for the lint tests. Loading the project's flat configuration and its
// plugins takes seconds, so a child process loads them once and lints every probe it is sent; it is
// a child because the configuration is an ES module, which Jest's module system cannot load.
import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

const RUNNER = path.join(process.cwd(), "tests", "setup", "lint-probe-runner.mjs");

export interface LintMessage {
  ruleId: string | null;
  message: string;
}

export interface LintProbe {
  /** What ESLint finds in `code` linted as `file` (relative to the project), with the cycle rule off. */
  lint(file: string, code: string): Promise<LintMessage[]>;
  /** What ESLint finds in a file on disk, with the whole configuration and no ignore patterns. */
  lintFile(file: string): Promise<LintMessage[]>;
  stop(): Promise<void>;
}

interface Answer {
  id: number;
  messages?: LintMessage[];
  error?: string;
}
interface Waiting {
  resolve: (messages: LintMessage[]) => void;
  reject: (error: Error) => void;
}

export function startLintProbe(): LintProbe {
  const child = spawn(process.execPath, [RUNNER], { cwd: process.cwd(), stdio: ["pipe", "pipe", "pipe"] });
  const waiting = new Map<number, Waiting>();
  let nextId = 0;
  let errorOutput = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (errorOutput += chunk));

  createInterface({ input: child.stdout }).on("line", (line) => {
    const answer = JSON.parse(line) as Answer;
    const request = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (answer.error !== undefined) request?.reject(new Error(answer.error));
    else request?.resolve(answer.messages ?? []);
  });
  const failAll = (error: Error) => {
    for (const request of waiting.values()) request.reject(error);
    waiting.clear();
  };
  child.on("error", failAll);
  child.on("exit", (code, signal) => failAll(new Error(`The ESLint process ended (${signal ?? code}) before answering.\n${errorOutput}`)));

  const send = (request: { file: string; code?: string }) =>
    new Promise<LintMessage[]>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      child.stdin.write(`${JSON.stringify({ id, ...request })}\n`);
    });

  return {
    lint: (file, code) => send({ file, code }),
    lintFile: (file) => send({ file }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        // The runner ends when its input does.
        child.stdin.end();
      }),
  };
}

/** One ESLint process for the test file that calls this: started before its tests, stopped after them. */
export function withLintProbe(): Pick<LintProbe, "lint" | "lintFile"> {
  let probe: LintProbe | undefined;
  beforeAll(() => {
    probe = startLintProbe();
  });
  afterAll(() => probe?.stop());
  return { lint: (file, code) => probe!.lint(file, code), lintFile: (file) => probe!.lintFile(file) };
}
