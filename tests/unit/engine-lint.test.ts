/**
 * @jest-environment node
 */
// `npm run lint` keeps the local image engine out of the web tier: its packages are imported only in
// lib/imaging/local, and no module under app/ reaches lib/imaging/local, directly or through lib.
import { withLintProbe } from "../setup/lint-probe";

const probe = withLintProbe();

async function engineFindings(file: string, code: string): Promise<string[]> {
  const messages = await probe.lint(file, code);
  return messages.filter((message) => message.ruleId === "pictura/local-engine-boundary").map((message) => message.message);
}

describe("local engine lint", () => {
  it("refuses the engine's packages outside lib/imaging/local, however they are loaded", async () => {
    expect((await engineFindings("lib/imaging/probe.ts", 'import * as ort from "onnxruntime-node";\nexport const probe = ort;\n')).join("\n")).toMatch(
      /onnxruntime-node belongs to the local engine/,
    );
    expect((await engineFindings("lib/jobs/probe.ts", 'export const probe = () => import("@tensorflow/tfjs");\n')).join("\n")).toMatch(
      /@tensorflow\/tfjs belongs/,
    );
    expect(
      await engineFindings(
        "lib/imaging/probe.ts",
        '// eslint-disable-next-line @typescript-eslint/no-require-imports\nexport const cv = require("@techstark/opencv-js");\n',
      ),
    ).toHaveLength(1);
    expect(await engineFindings("app/api/probe/route.ts", 'export { removeBackground } from "@imgly/background-removal-node";\n')).toHaveLength(1);
    expect(await engineFindings("components/probe.tsx", 'import { Upscaler } from "@upscalerjs/esrgan-slim";\nexport const probe = Upscaler;\n')).toHaveLength(
      1,
    );
  }, 60_000);

  it("lets scripts and tests import the engine's packages", async () => {
    const code = 'import * as ort from "onnxruntime-node";\nexport const probe = ort;\n';
    expect(await engineFindings("scripts/probe.ts", code)).toEqual([]);
    expect(await engineFindings("tests/unit/probe.test.ts", code)).toEqual([]);
  }, 60_000);

  // JOBS_INLINE bundles the job code, engine included, into the routes that start operations: a
  // package the bundler sees named there would be traced into each of those routes' functions.
  it("makes the engine itself load its packages from the install, never by a name the bundler sees", async () => {
    const imported = await engineFindings("lib/imaging/local/probe.ts", 'import * as ort from "onnxruntime-node";\nexport const probe = ort;\n');
    expect(imported.join("\n")).toMatch(/Load onnxruntime-node with requireInstalled\(\)/);
    const required = await engineFindings(
      "lib/imaging/local/probe.ts",
      '// eslint-disable-next-line @typescript-eslint/no-require-imports\nexport const cv = require("@techstark/opencv-js");\n',
    );
    expect(required.join("\n")).toMatch(/Load @techstark\/opencv-js with requireInstalled\(\)/);
    expect(
      await engineFindings(
        "lib/imaging/local/probe.ts",
        'import { requireInstalled } from "./installed-package";\nexport const cv = () => requireInstalled("@techstark/opencv-js");\n',
      ),
    ).toEqual([]);
    expect(
      await engineFindings("lib/imaging/local/probe.ts", 'import type { InferenceSession } from "onnxruntime-node";\nexport type Probe = InferenceSession;\n'),
    ).toEqual([]);
  }, 60_000);

  it("refuses a route that imports the engine or reaches it through lib", async () => {
    const direct = await engineFindings(
      "app/api/probe/route.ts",
      'import { localProvider } from "@/lib/imaging/local/provider";\nexport const GET = () => localProvider;\n',
    );
    expect(direct.join("\n")).toMatch(/app\/ must not import the image engine \(lib\/imaging\/local\/provider\.ts\)/);
    // The AI providers' clients are the engine's too: the web tier knows providers by their profiles.
    const clients = await engineFindings(
      "app/api/probe/route.ts",
      'import { remoteProvider } from "@/lib/imaging/engine/clients";\nexport const GET = remoteProvider;\n',
    );
    expect(clients.join("\n")).toMatch(/app\/ must not import the image engine \(lib\/imaging\/engine\/clients\.ts\)/);
    // The worker's side of an operation runs the engine; a route that pulled it in would carry it all.
    const indirect = await engineFindings("app/api/probe/route.ts", 'import { runImageJob } from "@/lib/jobs/run-job";\nexport const GET = runImageJob;\n');
    expect(indirect.join("\n")).toMatch(/reaches the image engine through app\/api\/probe\/route\.ts → lib\/jobs\/run-job\.ts → lib\/imaging\/engine\//);
    const lazy = await engineFindings(
      "app/api/probe/route.ts",
      'export const GET = async () => (await import("@/lib/imaging/engine/perform")).performOperation;\n',
    );
    expect(lazy).toHaveLength(1);
  }, 60_000);

  it("lets a route choose providers, start operations and check inputs without reaching the engine", async () => {
    const code = [
      'import { providerFor } from "@/lib/imaging/config";',
      'import { runPhotoTool } from "@/lib/imaging/fill-tool-calls";',
      'import { editImage } from "@/lib/imaging/calls";',
      "export const GET = [providerFor, runPhotoTool, editImage];",
      "",
    ].join("\n");
    expect(await engineFindings("app/api/probe/route.ts", code)).toEqual([]);
  }, 60_000);

  it("lets a route reach the one module that loads the engine on demand (JOBS_INLINE), and only through it", async () => {
    expect(await engineFindings("app/api/probe/route.ts", 'import { runJobsInline } from "@/lib/jobs/inline";\nexport const probe = runJobsInline;\n')).toEqual(
      [],
    );
    // The same lazy load anywhere else is followed as before.
    const elsewhere = await engineFindings("app/api/probe/route.ts", 'export const GET = async () => (await import("@/lib/jobs/run-job")).runImageJob;\n');
    expect(elsewhere.join("\n")).toMatch(/reaches the image engine through app\/api\/probe\/route\.ts → lib\/jobs\/run-job\.ts/);
  }, 60_000);

  it("passes the image calls the routes make, which only record the work", async () => {
    const code =
      'import { convertImage } from "@/lib/imaging/calls";\nimport { engineSummary } from "@/lib/imaging/config";\nexport const probe = [convertImage, engineSummary];\n';
    expect(await engineFindings("app/api/probe/route.ts", code)).toEqual([]);
    expect(
      await engineFindings("app/api/probe/route.ts", 'import type { ImageProvider } from "@/lib/imaging/types";\nexport type Probe = ImageProvider;\n'),
    ).toEqual([]);
  }, 60_000);
});
