// The OpenAPI document and the routes agree: every route under app/api is described or excluded here
// with its reason, the document names no route that does not exist, and what it describes holds.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { KEY_CALLS } from "@/lib/api/key-calls";
import { buildOpenApiDocument, openApiJson } from "@/lib/openapi/document";

const API_ROOT = path.join(process.cwd(), "app", "api");
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/** Routes that are not part of the public API, each with why. */
const NOT_PUBLIC: Record<string, string> = {
  "/api/auth/{...nextauth}": "Auth.js's own sign-in callbacks",
  "/api/auth/apple": "OAuth redirect for a browser sign-in",
  "/api/auth/google": "OAuth redirect for a browser sign-in",
  "/api/auth/login": "browser sign-in with a password (sets the session cookie)",
  "/api/auth/logout": "browser sign-out",
  "/api/auth/register": "browser sign-up",
  "/api/auth/forgot-password": "password reset mail, for a person",
  "/api/auth/reset-password": "password reset from a mailed link",
  "/api/auth/change-password": "account security, signed-in session only",
  "/api/auth/sessions": "the browser sessions list on the Account page",
  "/api/auth/sessions/{id}": "the browser sessions list on the Account page",
  "/api/auth/user": "the signed-in browser's own user",
  "/api/auth/verify-email": "address verification from a mailed link",
  "/api/auth/verify-email/resend": "address verification mail, for a person",
  "/api/login": "redirect to the sign-in page (spec's legacy address)",
  "/api/account": "account summary and deletion, signed-in session only",
  "/api/account/export": "the account's data export, signed-in session only",
  "/api/billing/mode": "which checkout the browser shows",
  "/api/billing/sandbox/confirm": "the payment sandbox's checkout, in a browser",
  "/api/create-payment-intent": "buying credits happens in a browser checkout",
  "/api/create-subscription": "subscribing happens in a browser checkout",
  "/api/subscription/cancel": "plan management, signed-in session only",
  "/api/subscription/current": "plan management, signed-in session only",
  "/api/subscription/plans": "the pricing page's plans",
  "/api/credits/packs": "the pricing page's credit packs",
  "/api/credits/reset": "the credit screen's reset notice",
  "/api/credits/status": "the header's credit badge",
  "/api/credits/transactions": "the Account page's ledger",
  "/api/saved-images": "the gallery, signed-in session only",
  "/api/saved-images/{id}": "the gallery, signed-in session only",
  "/api/saved-images/storage-info": "the gallery, signed-in session only",
  "/api/projects": "the editor's projects, signed-in session only",
  "/api/projects/{id}": "the editor's projects, signed-in session only",
  "/api/operations/recent": "the tools' recent results strip",
  "/api/files/{id}/recipe": "the editor's recipe panel",
  "/api/imaging/engine": "which engine the tool pages describe",
  "/api/cron/cleanup": "scheduled cleanup, called by the platform's cron with CRON_SECRET",
  "/api/health": "liveness probe",
  "/api/health/ready": "readiness probe",
  "/api/preview/access": "preview deploys' password gate",
  "/api/preview/reviewer": "preview deploys' reviewer sign-in",
  "/api/webhooks/stripe": "Stripe's webhook, signed by Stripe",
};

function routeFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** Every path and method the app answers, as OpenAPI writes paths ([id] → {id}). */
function appRoutes(): Map<string, Set<string>> {
  const routes = new Map<string, Set<string>>();
  for (const file of routeFiles(API_ROOT)) {
    const address = "/api/" + path.relative(API_ROOT, path.dirname(file)).split(path.sep).join("/");
    const openApiPath = address.replace(/\[([^\]]+)\]/g, "{$1}");
    const source = readFileSync(file, "utf8");
    const methods = METHODS.filter((method) => new RegExp(`export\\s+(const|async function|function)\\s+${method}\\b`).test(source));
    routes.set(openApiPath, new Set(methods));
  }
  return routes;
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

  it("is OpenAPI 3.1", () => {
    expect(document.openapi).toBe("3.1.0");
  });

  it("describes every route under app/api that is not excluded, with each of its methods", () => {
    const missing: string[] = [];
    for (const [routePath, methods] of routes) {
      if (NOT_PUBLIC[routePath]) continue;
      for (const method of methods) if (!document.paths[routePath]?.[method.toLowerCase()]) missing.push(`${method} ${routePath}`);
    }
    expect(missing).toEqual([]);
  });

  it("names no route or method that does not exist", () => {
    const invented: string[] = [];
    for (const [documentedPath, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations))
        if (!routes.get(documentedPath)?.has(method.toUpperCase())) invented.push(`${method.toUpperCase()} ${documentedPath}`);
    }
    expect(invented).toEqual([]);
  });

  it("excludes only routes that exist, and nothing it describes", () => {
    for (const excluded of Object.keys(NOT_PUBLIC)) {
      expect(routes.has(excluded) ? excluded : `${excluded} (no such route)`).toBe(excluded);
      expect(document.paths[excluded]).toBeUndefined();
    }
  });

  it("describes every call an API key may make with both key headers, the credit and rate-limit headers, and idempotency where it spends", () => {
    for (const call of KEY_CALLS) {
      const operation = document.paths[call.path]?.[call.method.toLowerCase()];
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
    const webhook = document.paths["/api/webhook-endpoints"]!.post as unknown as { requestBody: { content: Record<string, { schema: { $ref: string } }> } };
    expect(webhook.requestBody.content["application/json"]!.schema.$ref).toBe("#/components/schemas/CreateWebhookEndpointRequest");
    const request = document.components.schemas!.CreateWebhookEndpointRequest as { properties: { events: { items: { enum: string[] } } } };
    expect(request.properties.events.items.enum).toEqual(["operation.succeeded", "operation.failed", "operation.canceled"]);
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
