// The tap-to-select call (POST /api/segment): checks the image and the points from headers alone,
// then runs the selection as a free operation in a worker, where the model and its embedding cache
// live. Nothing is charged and no ledger row is written.
import "server-only";
import { BadRequestError } from "@/lib/errors";
import type { User } from "@/lib/generated/prisma/client";
import type { SegmentRequest, SegmentResult } from "@/lib/validation/segment";
import { assertWithinBudget } from "./budgets";
import { imageFromReference } from "./calls";
import type { AcceptedOperation, ImageCaller } from "./caller";
import { TOOL_FORMATS } from "./input";
import { LOCAL_PROFILE } from "./local-profile";
import { runImageOperation, type OperationResult } from "./operations";

function answer(result: OperationResult): SegmentResult {
  const details = (result.details ?? {}) as { score?: unknown };
  return {
    mask: result.url,
    width: result.width,
    height: result.height,
    score: typeof details.score === "number" ? details.score : 0,
    image: result.inputUrls[0] ?? "",
  };
}

export async function selectObject(user: User, caller: ImageCaller, body: SegmentRequest): Promise<SegmentResult | AcceptedOperation> {
  const image = await imageFromReference(body.image, user, caller, TOOL_FORMATS);
  assertWithinBudget([image], image, "png");
  // The stored size is before any EXIF rotation: the worker checks the points exactly; this refuses
  // what cannot lie inside the image either way.
  const longest = Math.max(image.width, image.height);
  if (body.points.some((point) => point.x >= longest || point.y >= longest)) {
    throw new BadRequestError(`Every point must lie inside the ${image.width}×${image.height} image.`, "point_out_of_range");
  }
  return runImageOperation(
    caller,
    {
      userId: user.id,
      kind: "segment",
      charge: null,
      provider: LOCAL_PROFILE,
      inputs: [image.input],
      params: { points: body.points.map(({ x, y, label }) => ({ x, y, label })), width: image.width, height: image.height },
    },
    answer,
  );
}
