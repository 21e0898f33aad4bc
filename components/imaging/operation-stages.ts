// The worker's stages the screens have words for (Imaging.stage_*): the progress line of one
// operation and each row of a batch name the stage the same way, and an unknown one as "Starting".
// A tool's stage is its registry entry's (lib/tools/registry.ts).
import { shownStagesOf } from "@/lib/tools/results";

const KNOWN_STAGES = new Set(["starting", ...shownStagesOf(), "saving"]);

/** The message key of a stage: `stage_<stage>`, or `stage_starting` for none or one without words. */
export function stageKey(stage: string | null | undefined): `stage_${string}` {
  return `stage_${stage && KNOWN_STAGES.has(stage) ? stage : "starting"}`;
}
