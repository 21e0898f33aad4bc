// A photo tool's call as Next runs it: app/api/[tool]/route.ts with the segment its path gives.
import { POST } from "@/app/api/[tool]/route";

/** The POST handler of /api/<segment>, e.g. photoToolRoute("expand") for /api/expand. */
export function photoToolRoute(segment: string): (request: Request) => Promise<Response> {
  return (request) => POST(request, { params: Promise.resolve({ tool: segment }) });
}
