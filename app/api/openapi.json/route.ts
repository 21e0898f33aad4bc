import { route } from "@/lib/http/route";
import { openApiJson } from "@/lib/openapi/document";

// The public API's OpenAPI 3.1 document, generated from the schemas the routes validate with.
export const GET = route(
  {},
  ({ client }) =>
    new Response(openApiJson(client.origin), {
      headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" },
    }),
);
