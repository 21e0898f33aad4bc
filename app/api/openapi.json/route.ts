import { route } from "@/lib/http/route";
import { siteOrigin } from "@/lib/http/site-origin";
import { buildOpenApiDocument } from "@/lib/openapi/document";

// The public API's OpenAPI 3.1 document, generated from the schemas the routes validate with.
export const GET = route({}, ({ request }) =>
  Response.json(buildOpenApiDocument(siteOrigin(request)), { headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" } }),
);
