// Each page hands the browser only the message namespaces its client code uses. The lists in
// lib/i18n/client-namespaces.ts are checked here against the code itself: a namespace missing from a
// list would show its keys instead of text, an extra one would send messages no one reads.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { clientNamespaces as graphNamespaces } from "./client-namespaces-graph";
import { clientNamespaces } from "@/lib/i18n/client-namespaces";
import { toolPagesOf } from "@/lib/tools/server-facts";
import en from "@/messages/en.json";

const root = process.cwd();

/** Each tool's page (app/[locale]/<its path>/page.tsx), from the registry: its screen configuration names the screen by the tool's id. */
const toolPages: Record<string, keyof typeof clientNamespaces> = Object.fromEntries(
  toolPagesOf().map((tool) => [`app/[locale]${tool.path}/page.tsx`, tool.id as keyof typeof clientNamespaces]),
);

/** Every page and the ClientScreen name it uses (from `name="…"`, screenPage's last argument, or a tool page's screen configuration). */
const pages: Record<string, keyof typeof clientNamespaces> = {
  ...toolPages,
  "app/[locale]/(studio)/page.tsx": "editor",
  "app/[locale]/(studio)/editor/page.tsx": "editor",
  "app/[locale]/(studio)/editor/[projectId]/page.tsx": "editor",
  "app/[locale]/auth/page.tsx": "auth",
  "app/[locale]/auth/reset/page.tsx": "resetPassword",
  "app/[locale]/auth/verify/page.tsx": "verifyEmail",
  "app/[locale]/account/page.tsx": "account",
  "app/[locale]/gallery/page.tsx": "gallery",
  "app/[locale]/subscription/page.tsx": "subscription",
  "app/[locale]/verify/page.tsx": "verify",
  "app/[locale]/report/page.tsx": "report",
  "app/[locale]/appeal/[token]/page.tsx": "appeal",
  "app/[locale]/admin/page.tsx": "admin",
  "app/[locale]/admin/users/page.tsx": "admin",
  "app/[locale]/admin/users/[id]/page.tsx": "admin",
  "app/[locale]/admin/operations/page.tsx": "admin",
  "app/[locale]/admin/audit/page.tsx": "admin",
  "app/[locale]/admin/review/page.tsx": "admin",
  "app/[locale]/admin/reports/page.tsx": "admin",
};

describe("client message namespaces", () => {
  it("gives the layout exactly what the header and its dialogs use", () => {
    expect([...clientNamespaces.shell].sort()).toEqual(graphNamespaces(root, ["app/[locale]/layout.tsx"]));
  });

  it.each(Object.entries(pages))("gives %s exactly what its client code uses", (page, name) => {
    const source = readFileSync(path.join(root, page), "utf8");
    // The page really renders that screen name (a tool page, by its screen configuration's tool; a
    // console page, by the console's page helper).
    const screen = /from "@\/(components\/tools\/[a-z-]+\/screen)"/.exec(source)?.[1];
    if (page in toolPages) expect(readFileSync(path.join(root, `${screen}.ts`), "utf8")).toContain(`tool: "${name}"`);
    else if (source.includes("consolePage(")) expect(readFileSync(path.join(root, "components/admin/console-page.tsx"), "utf8")).toContain(`name="${name}"`);
    else expect(source).toMatch(new RegExp(`name="${name}"|, "${name}"[,)]`));
    expect([...clientNamespaces[name]].sort()).toEqual(graphNamespaces(root, [page]));
  });

  it("knows every page with client code", () => {
    const all = (readdirSync(path.join(root, "app/[locale]"), { recursive: true }) as string[])
      .filter((file) => path.basename(file) === "page.tsx")
      .map((file) => `app/[locale]/${file.split(path.sep).join("/")}`);
    expect(all.length).toBeGreaterThan(Object.keys(pages).length);
    for (const page of all.filter((file) => !(file in pages))) expect({ page, namespaces: graphNamespaces(root, [page]) }).toEqual({ page, namespaces: [] });
  });

  it("finds every tool page in the registry", () => {
    expect(Object.keys(toolPages)).toEqual(expect.arrayContaining(["app/[locale]/blur-background/page.tsx", "app/[locale]/file-conversion/page.tsx"]));
  });

  it("names only namespaces that exist", () => {
    for (const list of Object.values(clientNamespaces)) for (const namespace of list) expect(en).toHaveProperty([namespace]);
  });

  it("finds the namespaces of lazily imported client modules too", () => {
    // The sign-in dialog is loaded on first use; its Auth messages must still reach the layout's provider of it.
    expect(graphNamespaces(root, ["components/layout/providers.tsx"])).toContain("Auth");
    // Server-only pages hand nothing to the browser.
    expect(graphNamespaces(root, ["app/[locale]/terms/page.tsx"])).toEqual([]);
  });
});
