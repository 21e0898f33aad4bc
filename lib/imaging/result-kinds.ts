// The kinds of operation that make a picture: one list for the recent-results query and for the
// recipe panel's step names, read from the tool registry (data only, so the browser bundle can take it).
import { resultKindsOf } from "@/lib/tools/results";
import type { TOOLS } from "@/lib/tools/registry";

/** Every kind of operation that makes a picture someone may want back; a tap-to-select mask is not one. */
export type ResultKind = NonNullable<Extract<(typeof TOOLS)[number], { makesResult: true }>["kind"]>;

export const RESULT_KINDS = resultKindsOf() as [ResultKind, ...ResultKind[]];
