// The message namespaces each part of the app needs in the browser. Pages pass their client screens
// only these (ClientScreen), and the layout passes the header its own, instead of every message of
// the language to every page. tests/unit/client-namespaces.test.ts derives each list from the code
// (the `useTranslations` of the client modules a page reaches) and fails when one drifts.
import type en from "@/messages/en.json";

export type Namespace = keyof typeof en;

export const clientNamespaces = {
  /** The header, its sign-in dialog and menus, toasts, and the notice after a payment redirect. */
  shell: ["Auth", "Billing", "Common", "Header", "ServerErrors", "Toasts"],
  editor: ["Common", "Editor", "Imaging", "Recipe", "SaveDialog", "ServerErrors", "Toasts", "Variants"],
  auth: ["Auth", "Common", "ServerErrors", "Toasts"],
  resetPassword: ["AccountSecurity", "Auth", "PasswordReset", "ServerErrors", "Toasts"],
  verifyEmail: ["AccountSecurity", "EmailVerification", "ServerErrors", "Toasts"],
  account: ["Account", "AccountData", "AccountSecurity", "ApiKeys", "Auth", "Billing", "Common", "Credits", "ServerErrors", "Toasts", "Webhooks"],
  gallery: ["Account", "Common", "Gallery", "ServerErrors", "Toasts"],
  subscription: ["Billing", "Common", "Credits", "ServerErrors", "Toasts"],
  backgroundRemoval: ["BackgroundRemoval", "Batch", "Common", "Credits", "Imaging", "Recipe", "SaveDialog", "ServerErrors", "Toasts"],
  objectRemoval: ["Common", "Credits", "FillTools", "Imaging", "ObjectRemoval", "Pages", "Recipe", "SaveDialog", "ServerErrors", "TapSelect", "Toasts"],
  fluxRemoval: ["Common", "Credits", "FillTools", "FluxRemoval", "Imaging", "Pages", "Recipe", "SaveDialog", "ServerErrors", "TapSelect", "Toasts"],
  fileConversion: ["Batch", "Common", "FileConversion", "Imaging", "SaveDialog", "ServerErrors", "Toasts"],
  textOverlay: ["Common", "Imaging", "Pages", "SaveDialog", "ServerErrors", "TextOverlay", "Toasts"],
  cartoonStyle: ["CartoonStyle", "Common", "Credits", "Imaging", "Recipe", "SaveDialog", "ServerErrors", "Toasts"],
  upscale: ["Common", "Credits", "Imaging", "Recipe", "SaveDialog", "ServerErrors", "Toasts", "Upscale"],
  expand: ["Common", "Credits", "Expand", "FillTools", "Imaging", "Recipe", "SaveDialog", "ServerErrors", "Toasts"],
  blurBackground: ["BlurBackground", "Common", "Credits", "FillTools", "Imaging", "Recipe", "SaveDialog", "ServerErrors", "Toasts"],
  productPhoto: ["BackgroundRemoval", "Batch", "Common", "Credits", "FillTools", "Imaging", "ProductPhoto", "Recipe", "SaveDialog", "ServerErrors", "Toasts"],
} as const satisfies Record<string, readonly Namespace[]>;

export type ClientScreenName = Exclude<keyof typeof clientNamespaces, "shell">;
