/**
 * @jest-environment node
 */
// `npm run build` needs no database and no secrets (README's bare-Node deploy builds before it
// migrates): collecting page data, Next loads every route module with only APP_URL set, so no module
// may read DATABASE_URL or AUTH_SECRET when it loads. A production server started without them still
// refuses to start, with their names. The browser tests' own build is made without AUTH_SECRET
// (tests/e2e/server-env.ts), which proves on the real build that nothing reads the configuration then.
import { readdirSync } from "node:fs";
import path from "node:path";
import { e2eBuildEnv, RUNTIME_SECRETS } from "../e2e/server-env";
import { restoreEnvAfterEach, workerDatabaseUrl } from "../setup/test-env";
import { setSettings } from "../setup/settings";

const API_ROOT = path.join(process.cwd(), "app", "api");
const routeFiles = readdirSync(API_ROOT, { recursive: true, encoding: "utf8" })
  .filter((name) => path.basename(name) === "route.ts")
  .sort();

// Next sets NEXT_RUNTIME, and instrumentation.ts reads it from process.env; the settings end with each test.
restoreEnvAfterEach(["NEXT_RUNTIME"]);

/** The environment of `next build` on a deploy machine: its address, no database, no secret. */
function building() {
  setSettings({
    NODE_ENV: "production",
    NEXT_PHASE: "phase-production-build",
    APP_URL: "https://pictura.example",
    ...Object.fromEntries(RUNTIME_SECRETS.map((name) => [name, undefined])),
  });
}

describe("a build without a database or secrets", () => {
  it("loads every API route module", async () => {
    building();
    expect(routeFiles.length).toBeGreaterThan(50);
    const failures: string[] = [];
    await jest.isolateModulesAsync(async () => {
      for (const file of routeFiles) {
        try {
          await import(path.join(API_ROOT, file));
        } catch (error) {
          failures.push(`${file}: ${error instanceof Error ? error.message.split("\n").join(" ") : String(error)}`);
        }
      }
    });
    expect(failures).toEqual([]);
  }, 120_000);

  it("leaves a server started without them unable to start, naming both", async () => {
    building();
    setSettings({ NEXT_PHASE: undefined });
    process.env.NEXT_RUNTIME = "nodejs";
    const said = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const exit = jest.spyOn(process, "exit").mockImplementation((() => undefined) as typeof process.exit);
    try {
      await jest.isolateModulesAsync(async () => {
        const { register } = await import("@/instrumentation");
        await register();
      });
      expect(exit).toHaveBeenCalledWith(1);
      const message = said.mock.calls.map((call) => String(call[0])).join("\n");
      expect(message).toMatch(/^Pictura cannot start\. Invalid environment:/);
      expect(message).toMatch(/DATABASE_URL/);
      expect(message).toMatch(/AUTH_SECRET/);
    } finally {
      jest.restoreAllMocks();
    }
  });

  it("is how the browser tests' build is made: no secret, their server's other settings", () => {
    const environment = e2eBuildEnv({ PATH: "/usr/bin", AUTH_SECRET: "x".repeat(40) });
    expect(environment).not.toHaveProperty("AUTH_SECRET");
    expect(environment).toMatchObject({ PATH: "/usr/bin", NODE_ENV: "production", APP_URL: expect.stringMatching(/^http:\/\/localhost:\d+$/) });
  });

  it("reads the plans for a page's structured data from a database when one is given, with no secret", async () => {
    building();
    setSettings({ DATABASE_URL: workerDatabaseUrl(process.env.JEST_WORKER_ID ?? "1") });
    await jest.isolateModulesAsync(async () => {
      const { purchasablePlans } = await import("@/components/seo/plan-offers");
      expect((await purchasablePlans()).length).toBeGreaterThan(0);
      await (await import("@/lib/db")).db.$disconnect();
    });
  });
});
