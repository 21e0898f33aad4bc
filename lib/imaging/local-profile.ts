// The local engine as an operation records it: its id, the method behind each operation and what
// takes a seed. The engine itself (lib/imaging/local) runs only in workers; web code reads this.
import type { ProviderProfile } from "./types";

export const LOCAL_PROFILE: ProviderProfile = {
  id: "local",
  models: {
    generate: "procedural-scenes",
    edit: "keyword-adjustments",
    removeBackground: "isnet-medium",
    removeObject: "exemplar-fill",
    cartoonize: "opencv-cartoon",
    convert: "sharp",
    expand: "exemplar-fill",
    blurBackground: "isnet-medium",
    productPhoto: "isnet-medium",
  },
  seeded: ["generate"],
};
