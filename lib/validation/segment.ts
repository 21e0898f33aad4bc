// Request and answer shapes of the tap-to-select call, shared by the route handler and the browser.
import { z } from "zod";
import { SEGMENT_MAX_POINTS } from "./limits";

export { SEGMENT_MAX_POINTS };

const coordinate = z.number({ message: "Each point needs x and y in image pixels." }).finite().min(0, "Every point must lie inside the image.").max(100_000);

export const segmentPointSchema = z.object({
  x: coordinate,
  y: coordinate,
  label: z.union([z.literal(0), z.literal(1)], { message: "A point's label is 1 to add or 0 to subtract." }),
});

export const segmentRequestSchema = z.object({
  image: z.string({ message: "Please upload an image first." }).min(1, "Please upload an image first."),
  points: z
    .array(segmentPointSchema, { message: "Tap the object to select it." })
    .min(1, "Tap the object to select it.")
    .max(SEGMENT_MAX_POINTS, `At most ${SEGMENT_MAX_POINTS} points per selection.`)
    .refine((points) => points.some((point) => point.label === 1), "Tap the object to select it: at least one point must add."),
});
export type SegmentRequest = z.infer<typeof segmentRequestSchema>;

export const segmentResultSchema = z.object({
  /** Our file URL of a white-on-black PNG at the image's size. */
  mask: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  score: z.number(),
  /** Our file URL of the image, to send with further taps instead of the image itself. */
  image: z.string(),
});
export type SegmentResult = z.infer<typeof segmentResultSchema>;
