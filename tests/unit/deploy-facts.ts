// What the deployment files (Dockerfile, compose.yaml, vercel.json, render.yaml) are checked against:
// the npm scripts, the dependencies, the environment variables lib/env.ts reads, and the API routes.
// Node only: used by dockerfile.test.ts and deploy-config.test.ts.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { providerSettingsOf } from "@/lib/tools/server-facts";

export const ROOT = process.cwd();

export const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

const packageJson = JSON.parse(read("package.json")) as { scripts: Record<string, string>; dependencies: Record<string, string> };
export const scripts = packageJson.scripts;
export const dependencies = packageJson.dependencies;

/** The npm script a command runs (`npm start`, `npm run worker`), or null when it runs none. */
export function npmScriptOf(command: string): string | null {
  const match = /^npm (?:(start|test)|run ([\w:-]+))$/.exec(command.trim());
  return match ? (match[1] ?? match[2]!) : null;
}

/** Every `npm run X` / `npm start` inside a shell command line, e.g. "npm ci && npm run build". */
export function npmScriptsIn(commandLine: string): string[] {
  return commandLine
    .split(/&&|;|\|\|/)
    .map(npmScriptOf)
    .filter((script): script is string => script !== null);
}

/** The variables lib/env.ts parses (its own and the provider settings the tool registry names), plus those the processes read themselves. */
export function knownEnvironmentNames(): Set<string> {
  const names = [...read("lib/env.ts").matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]!);
  return new Set([...names, ...Object.values(providerSettingsOf()), "PORT", "HOST", "AUTH_URL"]);
}

/** Every API route file, relative to the project ("app/api/…/route.ts"). */
export function routeFiles(): string[] {
  return readdirSync(path.join(ROOT, "app", "api"), { recursive: true, encoding: "utf8" })
    .filter((name) => path.basename(name) === "route.ts")
    .map((name) => path.posix.join("app/api", name.split(path.sep).join("/")));
}

/** The route file serving a URL path such as /api/health, when there is one. */
export function routeFileFor(urlPath: string): string | null {
  const file = path.posix.join("app", urlPath, "route.ts");
  return existsSync(path.join(ROOT, file)) ? file : null;
}
