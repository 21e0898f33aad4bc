// The one-image AI tools, by the message namespace their screen names them with: the call each
// makes, what it charges, how its results are filed in the gallery, the engine operation it runs,
// and its page (so signing up comes back to it). All read from the tool registry (lib/tools);
// screens name their namespace, the kit reads the rest.
import type { ChargeableOperation } from "@/lib/credits/costs";
import type { EngineOperation } from "@/lib/imaging/types";
import { TOOLS, type SingleImageNamespace } from "@/lib/tools/registry";
import type { ToolEntry } from "@/lib/tools/types";
import type { SavedImageTool } from "@/lib/validation/gallery";

interface SingleImageToolFacts {
  call: string;
  charge: ChargeableOperation;
  savedAs: SavedImageTool;
  engine: EngineOperation;
  page: string;
}

export type { SingleImageNamespace };

export const SINGLE_IMAGE_TOOLS = Object.fromEntries(
  (TOOLS as readonly ToolEntry[]).flatMap((tool) =>
    tool.singleImage && tool.page && tool.call && tool.engine && tool.gallery
      ? [[tool.namespace, { call: tool.call, charge: tool.kind as ChargeableOperation, savedAs: tool.gallery, engine: tool.engine, page: tool.page.slugs.en }]]
      : [],
  ),
) as Record<SingleImageNamespace, SingleImageToolFacts>;
