// The OpenAPI 3.1 document of the public calls (GET /api/openapi.json and the /developers reference),
// generated from the calls' contracts (lib/api/contracts.ts), the same objects their routes run by, and
// from the zod schemas in them (zod's own JSON Schema output): every call an API key may make, and no
// other.
import { z } from "zod";
import {
  API_KEY_HEADER,
  API_RATE_LIMIT_DEFAULT,
  API_RATE_LIMIT_WINDOW_SECONDS,
  CREDITS_CHARGED_HEADER,
  CREDITS_REMAINING_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
  RATE_LIMIT_LIMIT_HEADER,
  RATE_LIMIT_REMAINING_HEADER,
  RATE_LIMIT_RESET_HEADER,
  RETRY_AFTER_HEADER,
  API_ERROR_CODES,
} from "@/lib/api/headers";
import { SIGNATURE_HEADER, WEBHOOK_ID_HEADER, WEBHOOK_TIMESTAMP_HEADER } from "@/lib/webhooks/signature";
import { API_CONTRACTS, type ApiContract, type CallDoc } from "@/lib/api/contracts";
import { acceptedSchema, errorSchema } from "./schemas";

type JsonObject = Record<string, unknown>;

/** Each schema as JSON Schema; named sub-schemas (zod `.meta({ id })`) go to components.schemas. */
class SchemaSet {
  readonly components: Record<string, unknown> = {};

  convert(schema: z.ZodType, io: "input" | "output"): JsonObject {
    const json = z.toJSONSchema(schema, { io, target: "draft-2020-12", unrepresentable: "any" }) as JsonObject;
    delete json.$schema;
    const defs = (json.$defs ?? {}) as Record<string, unknown>;
    delete json.$defs;
    // Request and answer forms of a schema differ (defaults, transforms): the request's keeps its own name.
    const rename = (name: string) => (io === "input" && !name.endsWith("Request") ? `${name}Input` : name);
    for (const [name, definition] of Object.entries(defs)) this.components[rename(name)] = rewriteRefs(definition, rename);
    return rewriteRefs(json, rename) as JsonObject;
  }
}

function rewriteRefs(value: unknown, rename: (name: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, rename));
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) =>
      key === "$ref" && typeof inner === "string" && inner.startsWith("#/$defs/")
        ? [key, `#/components/schemas/${rename(inner.slice("#/$defs/".length))}`]
        : [key, rewriteRefs(inner, rename)],
    ),
  );
}

const ERROR_REF = { $ref: "#/components/schemas/Error" };
const errorAnswer = (description: string, headers?: JsonObject) => ({
  description,
  content: { "application/json": { schema: ERROR_REF } },
  ...(headers ? { headers } : {}),
});
const header = (name: string) => ({ $ref: `#/components/headers/${name}` });

const KEY_HEADERS = {
  [CREDITS_CHARGED_HEADER]: header(CREDITS_CHARGED_HEADER),
  [CREDITS_REMAINING_HEADER]: header(CREDITS_REMAINING_HEADER),
  [RATE_LIMIT_LIMIT_HEADER]: header(RATE_LIMIT_LIMIT_HEADER),
  [RATE_LIMIT_REMAINING_HEADER]: header(RATE_LIMIT_REMAINING_HEADER),
  [RATE_LIMIT_RESET_HEADER]: header(RATE_LIMIT_RESET_HEADER),
};

function requestBody(call: CallDoc, schemas: SchemaSet): JsonObject | undefined {
  const content: JsonObject = {};
  if (call.json) content["application/json"] = { schema: schemas.convert(call.json, "input") };
  if (call.multipart) {
    const fields = schemas.convert(call.multipart.fields, "input");
    const files = Object.fromEntries(
      Object.entries(call.multipart.files).map(([name, description]) => [name, { type: "string", contentMediaType: "image/*", description }]),
    );
    content["multipart/form-data"] = {
      schema: {
        ...fields,
        properties: { ...(fields.properties as JsonObject), ...files },
        required: [...((fields.required as string[]) ?? []), ...Object.keys(call.multipart.files)],
      },
    };
  }
  return Object.keys(content).length > 0 ? { required: true, content } : undefined;
}

function parameters(contract: ApiContract): JsonObject[] {
  const inPath = [...contract.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({ name, in: "path", required: true, schema: { type: "string" } }));
  const extra: JsonObject[] = [];
  if (contract.keys.spends) extra.push({ $ref: "#/components/parameters/IdempotencyKey" });
  if (contract.doc.async) extra.push({ $ref: "#/components/parameters/Prefer" });
  return [...inPath, ...extra];
}

function operation(contract: ApiContract, schemas: SchemaSet): JsonObject {
  const { doc: call, keys } = contract;
  const responses: JsonObject = {};
  for (const [status, answer] of Object.entries(call.answers)) {
    const contentType = answer.contentType ?? "application/json";
    responses[status] = {
      description: answer.description,
      ...(answer.schema || contentType !== "application/json"
        ? { content: { [contentType]: answer.schema ? { schema: schemas.convert(answer.schema, "output") } : {} } }
        : { content: { "application/json": {} } }),
      headers: KEY_HEADERS,
    };
  }
  if (call.async) {
    responses["202"] = {
      description: "With `Prefer: respond-async`: accepted, with the operation to follow (GET /api/operations/{id}, its events, or a webhook).",
      content: { "application/json": { schema: schemas.convert(acceptedSchema, "output") } },
      headers: { Location: { schema: { type: "string" }, description: "The operation's address." }, ...KEY_HEADERS },
    };
  }
  for (const [status, description] of Object.entries(call.errors ?? {})) responses[status] = errorAnswer(description, KEY_HEADERS);
  responses["401"] = errorAnswer(
    `The API key is missing, malformed, wrong or revoked (${API_ERROR_CODES.invalidApiKey}), or no one is signed in (unauthorized).`,
  );
  responses["429"] = errorAnswer(`Over the key's limit of API_RATE_LIMIT calls a minute (${API_ERROR_CODES.rateLimited}).`, {
    [RETRY_AFTER_HEADER]: header(RETRY_AFTER_HEADER),
    ...KEY_HEADERS,
  });
  if (keys.spends) {
    responses["409"] = errorAnswer(
      [call.errors?.[409], `The first request with this Idempotency-Key is still running (${API_ERROR_CODES.idempotencyInProgress}).`]
        .filter(Boolean)
        .join(" Or: "),
    );
    responses["422"] = errorAnswer(
      [call.errors?.[422], `This Idempotency-Key was first used with a different request (${API_ERROR_CODES.idempotencyKeyReused}).`]
        .filter(Boolean)
        .join(" Or: "),
    );
  }
  const body = requestBody(call, schemas);
  const security: JsonObject[] = [{ bearerKey: [] }, { headerKey: [] }, { session: [] }];
  if (contract.auth === "guest") security.push({});
  return {
    operationId: `${contract.method.toLowerCase()}${contract.path
      .replace(/^\/api/, "")
      .replace(/\{([^}]+)\}/g, "By-$1")
      .replace(/[^A-Za-z0-9]+(.)?/g, (_m, next: string | undefined) => (next ?? "").toUpperCase())}`,
    tags: [call.tag],
    summary: call.summary,
    ...(call.description ? { description: call.description } : {}),
    parameters: parameters(contract),
    ...(body ? { requestBody: body } : {}),
    responses,
    security,
  };
}

/** The document of `contracts` (every public call's unless a test passes others). */
export function buildOpenApiDocument(serverUrl?: string, contracts: readonly ApiContract[] = API_CONTRACTS): JsonObject {
  const schemas = new SchemaSet();
  // Error carries its id, so converting it files it under components.schemas.Error.
  schemas.convert(errorSchema, "output");
  const paths: Record<string, JsonObject> = {};
  for (const contract of contracts) (paths[contract.path] ??= {})[contract.method.toLowerCase()] = operation(contract, schemas);
  const integer = { type: "integer", minimum: 0 };
  return {
    openapi: "3.1.0",
    info: {
      title: "Pictura API",
      version: "1.0.0",
      description: `Pictura's image engine for scripts and servers. Authenticate with an API key as \`Authorization: Bearer pk_…\` or \`${API_KEY_HEADER}: pk_…\`. Webhook deliveries are signed in the Standard Webhooks format (\`${WEBHOOK_ID_HEADER}\`, \`${WEBHOOK_TIMESTAMP_HEADER}\`, \`${SIGNATURE_HEADER}\`).`,
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    tags: [...new Set(contracts.map((contract) => contract.doc.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: schemas.components,
      securitySchemes: {
        bearerKey: { type: "http", scheme: "bearer", bearerFormat: "pk_…", description: "An API key made on the Account page." },
        headerKey: { type: "apiKey", in: "header", name: API_KEY_HEADER, description: "The same API key, in its own header." },
        session: { type: "apiKey", in: "cookie", name: "pictura.session-token", description: "A signed-in browser (with a matching Origin for changes)." },
      },
      parameters: {
        IdempotencyKey: {
          name: IDEMPOTENCY_KEY_HEADER,
          in: "header",
          required: false,
          description: `Makes a retry safe: a repeat with the same key and body within ${IDEMPOTENCY_KEY_TTL_HOURS} hours gets the first answer again (with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`), and is charged nothing.`,
          schema: { type: "string", minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
        },
        Prefer: {
          name: "Prefer",
          in: "header",
          required: false,
          description: "`respond-async` answers 202 at once instead of waiting for the image.",
          schema: { type: "string", enum: ["respond-async"] },
        },
      },
      headers: {
        [CREDITS_CHARGED_HEADER]: { description: "Credits this call cost (0 when free or replayed).", schema: integer },
        [CREDITS_REMAINING_HEADER]: { description: "Your balance after the call.", schema: integer },
        [RATE_LIMIT_LIMIT_HEADER]: {
          description: `Calls a key may make per ${API_RATE_LIMIT_WINDOW_SECONDS} seconds (API_RATE_LIMIT, ${API_RATE_LIMIT_DEFAULT} by default).`,
          schema: integer,
        },
        [RATE_LIMIT_REMAINING_HEADER]: { description: "Calls left in this window.", schema: integer },
        [RATE_LIMIT_RESET_HEADER]: { description: "Seconds until the window resets.", schema: integer },
        [RETRY_AFTER_HEADER]: { description: "Seconds to wait before calling again.", schema: integer },
      },
    },
  };
}

let lastServed: { serverUrl: string; json: string } | undefined;

/**
 * The document as JSON for one server address. The schemas do not change while the app runs, so the
 * last address's document is kept: building one takes longer than the rest of the request.
 */
export function openApiJson(serverUrl: string): string {
  if (lastServed?.serverUrl !== serverUrl) lastServed = { serverUrl, json: JSON.stringify(buildOpenApiDocument(serverUrl)) };
  return lastServed.json;
}
