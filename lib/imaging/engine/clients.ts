// The AI providers' clients, as the engine runs them: built from this server's settings when the
// provider's key is set (lib/imaging/config.ts, remoteSettings). The web tier knows the same
// providers by their profiles alone, so it never loads a client.
import "server-only";
import { remoteSettings } from "@/lib/imaging/config";
import type { ImageProvider } from "@/lib/imaging/types";
import { createFluxProvider } from "./providers/flux";
import { createOpenAIProvider } from "./providers/openai";

/** A network provider's client when its key is set, or null (unknown ids and "local" included). */
export function remoteProvider(id: string): ImageProvider | null {
  const remote = remoteSettings(id);
  if (!remote) return null;
  return remote.id === "flux" ? createFluxProvider(remote.options) : createOpenAIProvider(remote.options);
}
