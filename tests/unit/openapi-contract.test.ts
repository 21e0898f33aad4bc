// The OpenAPI document and the routes agree: it describes exactly the calls whose routes run by a
// public call's contract (lib/api/contracts.ts), each at its route's own path and method, and what it
// describes holds.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { API_CONTRACTS, type ApiContract } from "@/lib/api/contracts";
import { buildOpenApiDocument, openApiJson } from "@/lib/openapi/document";

const API_ROOT = path.join(process.cwd(), "app", "api");
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

function routeFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

interface DeclaredRoute {
  /** As OpenAPI writes paths ([id] → {id}). */
  path: string;
  method: string;
  contract: ApiContract | undefined;
  body: unknown;
}

type Declared = { declared?: { contract?: ApiContract; input?: { kind: string; schema?: unknown } } };
type Exported = Declared & { byValue?: ReadonlyMap<string, Declared> };

/** As OpenAPI writes paths ([id] → {id}). */
const openApiPath = (address: string) => address.replace(/\[\.\.\.([^\]]+)\]/g, "{...$1}").replace(/\[([^\]]+)\]/g, "{$1}");

/**
 * Every method of every route under app/api, with the contract and body schema its handler was
 * declared with; a route that dispatches on its dynamic segment (routeBySegment) counts as each of its
 * calls, at the path its segment's value makes.
 */
function appRoutes(): DeclaredRoute[] {
  return routeFiles(API_ROOT).flatMap((file) => {
    const address = "/api/" + path.relative(API_ROOT, path.dirname(file)).split(path.sep).join("/");
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exported = require(file) as Record<string, Exported>;
    return METHODS.filter((method) => typeof exported[method] === "function").flatMap((method) => {
      const handler = exported[method]!;
      const calls: Array<[string, Declared]> = handler.byValue
        ? [...handler.byValue].map(([value, call]) => [address.replace(/\[[^\]]+\]$/, value), call])
        : [[address, handler]];
      return calls.map(([callAddress, call]) => ({
        path: openApiPath(callAddress),
        method,
        contract: call.declared?.contract,
        body: call.declared?.input?.schema,
      }));
    });
  });
}

const document = buildOpenApiDocument("https://pictura.example") as {
  openapi: string;
  paths: Record<
    string,
    Record<string, { parameters?: { $ref?: string }[]; responses: Record<string, { headers?: Record<string, unknown> }>; security: unknown[] }>
  >;
  components: Record<string, Record<string, unknown>>;
};

describe("the OpenAPI document", () => {
  const routes = appRoutes();

  it("is OpenAPI 3.1, valid against the specification's own schema", () => {
    expect(document.openapi).toBe("3.1.0");
    const folder = mkdtempSync(path.join(tmpdir(), "openapi-"));
    try {
      const file = path.join(folder, "openapi.json");
      writeFileSync(file, JSON.stringify(document));
      const checked = JSON.parse(execFileSync(process.execPath, [path.join(__dirname, "openapi", "validate-openapi.mjs"), file], { encoding: "utf8" }));
      expect(checked).toEqual({ valid: true, version: "3.1", errors: [] });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("describes exactly the route methods declared with a public call's contract, each at its own path and method", () => {
    const declared = routes.filter((route) => route.contract);
    expect(declared.length).toBeGreaterThanOrEqual(15);
    for (const route of declared) expect(`${route.contract!.method} ${route.contract!.path}`).toBe(`${route.method} ${route.path}`);
    const documented = Object.entries(document.paths).flatMap(([documentedPath, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${documentedPath}`),
    );
    expect(documented.sort()).toEqual(declared.map((route) => `${route.method} ${route.path}`).sort());
  });

  it("has each contract run by one route, and no route that refuses API keys in it", () => {
    for (const contract of API_CONTRACTS) {
      expect(routes.filter((route) => route.contract === contract).map((route) => `${route.method} ${route.path}`)).toEqual([
        `${contract.method} ${contract.path}`,
      ]);
    }
    const refusing = routes.filter((route) => !route.contract).map((route) => route.path);
    expect(refusing).toEqual(expect.arrayContaining(["/api/keys", "/api/webhook-endpoints", "/api/account", "/api/openapi.json"]));
    for (const refused of refusing) expect(document.paths[refused]).toBeUndefined();
  });

  it("describes every call an API key may make with both key headers, the credit and rate-limit headers, and idempotency where it spends", () => {
    for (const { method, path: callPath, keys } of API_CONTRACTS) {
      const call = { path: callPath, spends: keys.spends };
      const operation = document.paths[callPath]?.[method.toLowerCase()];
      expect(operation).toBeDefined();
      expect(operation!.security).toEqual(expect.arrayContaining([{ bearerKey: [] }, { headerKey: [] }]));
      const success = Object.entries(operation!.responses).find(([status]) => status.startsWith("2"))![1];
      expect(Object.keys(success.headers ?? {})).toEqual(
        expect.arrayContaining(["X-Credits-Charged", "X-Credits-Remaining", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]),
      );
      expect(Object.keys(operation!.responses["429"]!.headers ?? {})).toContain("Retry-After");
      expect(operation!.responses["401"]).toBeDefined();
      const idempotent = (operation!.parameters ?? []).some((parameter) => parameter.$ref === "#/components/parameters/IdempotencyKey");
      expect(`${call.path} idempotent: ${idempotent}`).toBe(`${call.path} idempotent: ${call.spends}`);
      if (call.spends) expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(["409", "422"]));
    }
  });

  it("has every $ref pointing at something it defines", () => {
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/([^/"]+)\/([^"]+)"/g)];
    expect(refs.length).toBeGreaterThan(20);
    for (const [, group, name] of refs) expect(`${group}/${name}: ${Boolean(document.components[group!]?.[name!])}`).toBe(`${group}/${name}: true`);
  });

  it("describes request bodies from the routes' own schemas", () => {
    const convert = routes.find((route) => route.path === "/api/convert-image")!;
    expect(convert.contract!.doc.json).toBe(convert.body);
    const request = document.paths["/api/convert-image"]!.post as unknown as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, { enum?: string[] }> } }> };
    };
    expect(request.requestBody.content["application/json"]!.schema.properties.format!.enum).toEqual(["png", "jpeg", "webp", "gif", "bmp", "tiff", "jpg"]);
    const upscale = JSON.stringify(document.paths["/api/upscale"]!.post);
    expect(upscale).toContain("multipart/form-data");
    expect(upscale).toContain('"scale"');
  });
});

describe("the OpenAPI document as served", () => {
  it("is the document for the address asked, built once for it and again for another", () => {
    const first = openApiJson("https://pictura.example");
    expect(JSON.parse(first)).toEqual(document);
    expect(openApiJson("https://pictura.example")).toBe(first);
    const preview = JSON.parse(openApiJson("https://preview.pictura.example")) as { servers: { url: string }[] };
    expect(preview.servers.map((server) => server.url)).toEqual(["https://preview.pictura.example"]);
    expect(JSON.parse(openApiJson("https://pictura.example"))).toEqual(document);
  });
});
