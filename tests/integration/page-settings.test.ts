// A build records the payment mode its pages were prerendered with; a production server started with
// another renders every page for its request, so no page shows a payment notice that is no longer
// true (a container image is built without keys and run with them).
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PHASE_PRODUCTION_SERVER } from "next/constants";
import nextConfig from "@/next.config";
import { changedPageSettings, recordPageSettings } from "@/scripts/build/page-settings";
import { restoreEnvAfterEach, setEnv } from "./preview-env";

restoreEnvAfterEach();

/** A build folder whose pages were prerendered with `built` as the environment. */
async function buildWith(built: Record<string, string | undefined>): Promise<string> {
  const distDir = mkdtempSync(path.join(os.tmpdir(), "pictura-build-"));
  setEnv(built);
  await recordPageSettings(distDir);
  return distDir;
}

const PRODUCTION = { NODE_ENV: "production", BILLING_SANDBOX: undefined, STRIPE_SECRET_KEY: undefined };

it("records the payment mode a build prerendered its pages with", async () => {
  const distDir = await buildWith({ ...PRODUCTION, BILLING_SANDBOX: "true" });
  expect(JSON.parse(readFileSync(path.join(distDir, "page-settings.json"), "utf8"))).toEqual({ billingMode: "sandbox" });
});

it.each([
  ["built without keys, started with Stripe's", PRODUCTION, { STRIPE_SECRET_KEY: "sk_test_started" }],
  ["built with the sandbox, started without it", { ...PRODUCTION, BILLING_SANDBOX: "true" }, { BILLING_SANDBOX: undefined }],
  ["built without the sandbox, started with it", PRODUCTION, { BILLING_SANDBOX: "true" }],
])("renders every page per request when %s", async (_case, built, started) => {
  const distDir = await buildWith(built);
  setEnv({ ...started, NEXT_DIST_DIR: distDir });
  expect(changedPageSettings(distDir)).toEqual(["billingMode"]);
  expect(nextConfig(PHASE_PRODUCTION_SERVER).cacheHandler).toMatch(/no-page-cache\.mjs$/);
});

it("keeps the prerendered pages when the server runs as its build did, or the build kept no record", async () => {
  const distDir = await buildWith({ ...PRODUCTION, STRIPE_SECRET_KEY: "sk_test_built" });
  setEnv({ STRIPE_SECRET_KEY: "sk_test_another", NEXT_DIST_DIR: distDir });
  expect(changedPageSettings(distDir)).toEqual([]);
  expect(nextConfig(PHASE_PRODUCTION_SERVER).cacheHandler).toBeUndefined();

  setEnv({ NEXT_DIST_DIR: mkdtempSync(path.join(os.tmpdir(), "pictura-build-")) });
  expect(nextConfig(PHASE_PRODUCTION_SERVER).cacheHandler).toBeUndefined();
});
