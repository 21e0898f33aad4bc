/**
 * @jest-environment node
 */
// The layer rules of `npm run lint` catch what they are for: a client module reaching server-only
// code, lib importing React or components, components importing app.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { withLintProbe } from "../setup/lint-probe";

const probe = withLintProbe();

async function ruleIds(file: string, code: string): Promise<string[]> {
  const messages = await probe.lint(file, code);
  return messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe("layer lint", () => {
  it("refuses a client component that reaches a server-only module, even through another module", async () => {
    const direct = await ruleIds("components/probe/direct.tsx", '"use client";\nimport { db } from "@/lib/db";\nexport const probe = db;\n');
    expect(direct.join("\n")).toMatch(/pictura\/no-server-only-in-client: .*lib\/db\.ts/);
    // lib/http/site-origin.ts is not marked server-only itself; it reaches lib/env.ts, which is.
    const indirect = await ruleIds(
      "components/probe/indirect.tsx",
      '"use client";\nimport { siteOrigin } from "@/lib/http/site-origin";\nexport const probe = siteOrigin;\n',
    );
    expect(indirect.join("\n")).toMatch(/pictura\/no-server-only-in-client: .*lib\/http\/site-origin\.ts → lib\/env\.ts/);
    const typeOnly = await ruleIds(
      "components/probe/types.tsx",
      '"use client";\nimport type { User } from "@/lib/generated/prisma/client";\nimport type { Env } from "@/lib/env";\nexport type Probe = [User, Env];\n',
    );
    expect(typeOnly.filter((id) => id.startsWith("pictura/"))).toEqual([]);
  }, 60_000);

  it("refuses React, UI packages and components in lib, and app in components", async () => {
    expect((await ruleIds("lib/probe.ts", 'import { useState } from "react";\nexport const probe = useState;\n')).join("\n")).toMatch(
      /boundaries\/dependencies: .*"react"/,
    );
    expect((await ruleIds("lib/probe.ts", 'import { Button } from "@/components/ui/button";\nexport const probe = Button;\n')).join("\n")).toMatch(
      /boundaries\/dependencies: .*"components"/,
    );
    expect((await ruleIds("components/probe.tsx", 'import Page from "@/app/[locale]/gallery/page";\nexport const probe = Page;\n')).join("\n")).toMatch(
      /boundaries\/dependencies: .*"app"/,
    );
  }, 60_000);

  it("refuses modules that import each other, directly or through a third", async () => {
    // Real files (a cycle runs through files on disk), in a folder `npm run lint` ignores; linted here
    // without ignore patterns so the project's own configuration checks them.
    const folder = path.join(process.cwd(), ".lint-probes", `cycle-${process.pid}`);
    mkdirSync(folder, { recursive: true });
    try {
      writeFileSync(path.join(folder, "a.ts"), 'import { b } from "./b";\nexport const a = () => b();\n');
      writeFileSync(path.join(folder, "b.ts"), 'import { c } from "./c";\nexport const b = () => c();\n');
      writeFileSync(path.join(folder, "c.ts"), 'import { a } from "./a";\nexport const c = () => a();\n');
      writeFileSync(path.join(folder, "leaf.ts"), "export const leaf = 1;\n");
      writeFileSync(path.join(folder, "user.ts"), 'import { leaf } from "./leaf";\nexport const user = leaf;\n');
      const lint = async (file: string) => (await probe.lintFile(path.join(folder, file))).map((message) => message.ruleId);
      expect(await lint("a.ts")).toContain("import/no-cycle");
      expect(await lint("c.ts")).toContain("import/no-cycle");
      expect(await lint("user.ts")).not.toContain("import/no-cycle");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
  it("refuses Request and Response in lib outside lib/http, as values and as types", async () => {
    const rule = "no-restricted-syntax";
    const named = async (file: string, code: string) => (await ruleIds(file, code)).filter((id) => id.startsWith(rule));
    expect(await named("lib/jobs/probe.ts", "export function probe(request: Request): string {\n  return request.url;\n}\n")).toHaveLength(1);
    expect(await named("lib/jobs/probe.ts", "export const probe = () => Response.json({ ok: true });\n")).toHaveLength(1);
    expect(
      await named("lib/jobs/probe.ts", 'import { NextResponse } from "next/server";\nexport const probe = () => NextResponse.json({});\n'),
    ).not.toHaveLength(0);
    // lib/http reads requests and builds answers; a comment anywhere may name them.
    expect(await named("lib/http/probe.ts", "export function probe(request: Request): Response {\n  return Response.json(request.url);\n}\n")).toEqual([]);
    expect(await named("lib/jobs/probe.ts", "// Turned into a Response by lib/http.\nexport const probe = 1;\n")).toEqual([]);
  }, 60_000);
});
