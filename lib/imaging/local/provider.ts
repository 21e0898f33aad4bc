// The built-in engine as a provider: every operation a provider may offer, with no key and no network.
// What only it does (lib/tools/registry.engine.ts names those) is called directly, not through this.
import "server-only";
import { LOCAL_PROFILE } from "../local-profile";
import type { ImageProvider } from "../types";
import { removeBackgroundLocal } from "./remove-background";
import { cartoonizeLocal } from "./cartoon";
import { convertLocal } from "./convert";
import { editLocal } from "./edit";
import { generateLocal } from "./generate";
import { expandLocal } from "./expand";
import { inpaintLocal } from "./inpaint";
import { upscaleLocal } from "./upscale";

export const localProvider: ImageProvider = {
  ...LOCAL_PROFILE,
  generate: generateLocal,
  edit: editLocal,
  removeBackground: removeBackgroundLocal,
  removeObject: inpaintLocal,
  cartoonize: cartoonizeLocal,
  convert: convertLocal,
  upscale: upscaleLocal,
  expand: expandLocal,
};
