// The message namespaces each part of the app needs in the browser. Pages pass their client screens
// only these (ClientScreen), and the layout passes the header its own, instead of every message of
// the language to every page. A tool page's list is its registry entry's (its server facts). The test
// tests/unit/client-namespaces.test.ts derives each list from the code (the `useTranslations` of the
// client modules a page reaches) and fails when one drifts.
import { screenNamespacesOf } from "@/lib/tools/server-facts";
import type { PageToolId } from "@/lib/tools/registry";
import type en from "@/messages/en.json";

export type Namespace = keyof typeof en;

const otherNamespaces = {
  /** The header, its sign-in dialog and menus, toasts, and the notice after a payment redirect. */
  shell: ["Auth", "Billing", "Common", "Header", "ServerErrors", "Toasts"],
  editor: ["Common", "Editor", "Imaging", "Recipe", "SaveDialog", "ServerErrors", "Toasts", "Variants"],
  auth: ["Auth", "Common", "ServerErrors", "Toasts"],
  resetPassword: ["AccountSecurity", "Auth", "PasswordReset", "ServerErrors", "Toasts"],
  verifyEmail: ["AccountSecurity", "EmailVerification", "ServerErrors", "Toasts"],
  account: [
    "Account",
    "AccountData",
    "AccountSecurity",
    "ApiKeys",
    "Auth",
    "Billing",
    "Common",
    "Credits",
    "MyShares",
    "ServerErrors",
    "Toasts",
    "TwoFactor",
    "Webhooks",
  ],
  /** Imaging: the Share action and its dialog on each saved image. */
  gallery: ["Account", "Common", "Gallery", "Imaging", "ServerErrors", "Toasts"],
  subscription: ["Billing", "Common", "Credits", "ServerErrors", "Toasts"],
  /** Anyone's check of an image's Content Credentials (app/[locale]/verify). */
  verify: ["Imaging", "ServerErrors", "Verify"],
  /** Anyone's notice about what an address shows (app/[locale]/report). */
  report: ["Report", "ServerErrors"],
  /** A removal's owner appeals it (app/[locale]/appeal/[token]). */
  appeal: ["Appeal", "ServerErrors"],
  /** The operator console's screens (app/[locale]/admin). */
  admin: ["Admin", "ServerErrors"],
} as const satisfies Record<string, readonly Namespace[]>;

/** Each tool page's screen's namespaces come from its registry entry (lib/tools/registry.ts). */
export const clientNamespaces = { ...otherNamespaces, ...(screenNamespacesOf() as Record<PageToolId, readonly Namespace[]>) };

export type ClientScreenName = Exclude<keyof typeof clientNamespaces, "shell">;
