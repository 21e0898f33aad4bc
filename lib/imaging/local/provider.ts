// The built-in engine: every operation, with no key and no network.
import "server-only";
import type { ImageProvider } from "../types";
import { removeBackgroundLocal } from "./background";
import { cartoonizeLocal } from "./cartoon";
import { convertLocal } from "./convert";
import { editLocal } from "./edit";
import { generateLocal } from "./generate";
import { inpaintLocal } from "./inpaint";
import { upscaleLocal } from "./upscale";

export const localProvider: ImageProvider = {
  id: "local",
  models: {
    generate: "procedural-scenes",
    edit: "keyword-adjustments",
    removeBackground: "isnet-medium",
    removeObject: "opencv-inpaint",
    cartoonize: "opencv-cartoon",
    convert: "sharp",
  },
  seeded: ["generate"],
  generate: generateLocal,
  edit: editLocal,
  removeBackground: removeBackgroundLocal,
  removeObject: inpaintLocal,
  cartoonize: cartoonizeLocal,
  convert: convertLocal,
  upscale: upscaleLocal,
};
