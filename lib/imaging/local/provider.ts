// The built-in engine: every operation, with no key and no network.
import "server-only";
import { LOCAL_PROFILE } from "../local-profile";
import type { ImageProvider } from "../types";
import { removeBackgroundLocal } from "./background";
import { cartoonizeLocal } from "./cartoon";
import { convertLocal } from "./convert";
import { editLocal } from "./edit";
import { generateLocal } from "./generate";
import { blurBackgroundLocal } from "./blur-background";
import { expandLocal } from "./expand";
import { inpaintLocal } from "./inpaint";
import { productPhotoLocal } from "./product-photo";
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
  blurBackground: blurBackgroundLocal,
  productPhoto: productPhotoLocal,
};
