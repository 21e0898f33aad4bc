// The answer to the console's view of a picture (GET /api/admin/review/{id}/image, GET
// /api/admin/reports/{id}/image): the bytes under the same sandboxing policy as /api/files, kept by no
// cache, since a decision must end it at once.
import "server-only";
import { reviewImage } from "@/lib/admin/review";
import { FILE_CONTENT_SECURITY_POLICY } from "./content-security-policy";

export function consoleImageResponse(image: { contentType: string; body: Buffer }): Response {
  return new Response(new Uint8Array(image.body), {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.body.length),
      "Content-Disposition": "inline",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": FILE_CONTENT_SECURITY_POLICY,
    },
  });
}

export async function reviewImageResponse(operationId: string): Promise<Response> {
  return consoleImageResponse(await reviewImage(operationId));
}
