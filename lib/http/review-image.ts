// The answer to the console's view of a flagged result (GET /api/admin/review/{id}/image): the bytes
// under the same sandboxing policy as /api/files, kept by no cache, since removal must end it at once.
import "server-only";
import { reviewImage } from "@/lib/admin/review";
import { FILE_CONTENT_SECURITY_POLICY } from "./content-security-policy";

export async function reviewImageResponse(operationId: string): Promise<Response> {
  const image = await reviewImage(operationId);
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
