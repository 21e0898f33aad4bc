// The local engine as an operation records it: its id, the method behind each operation (each tool's
// registry entry names it) and what takes a seed. The engine itself (lib/imaging/local) runs only in
// workers; web code reads this.
import { localModelsOf } from "@/lib/tools/server-facts";
import type { EngineOperation, ProviderProfile } from "./types";

export const LOCAL_PROFILE: ProviderProfile = {
  id: "local",
  models: localModelsOf() as Partial<Record<EngineOperation, string>>,
  seeded: ["generate"],
};
