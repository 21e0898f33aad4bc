// The photo tools' calls (each tool whose server part has a photo call, lib/tools/registry.server.ts): one
// route for all of them, each at its own path (/api/<segment>) with its own contract, so a new photo
// tool needs no route file. Static routes (/api/upscale, /api/balance…) are matched before this one.
import { toolContract } from "@/lib/api/contracts";
import { upload } from "@/lib/http/input";
import { route, routeBySegment } from "@/lib/http/route";
import { runPhotoTool } from "@/lib/imaging/fill-tool-calls";
import { photoToolCalls } from "@/lib/tools/server";

export const POST = routeBySegment(
  "tool",
  new Map(
    photoToolCalls().map(({ id, segment }) => [
      segment,
      route({ auth: "session", contract: toolContract(id), rateLimit: "image", input: upload(1, { orJson: true }) }, ({ user, client }) =>
        runPhotoTool(id, user, client),
      ),
    ]),
  ),
);
