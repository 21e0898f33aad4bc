"use client";
// What a screen calls to open the site's sign-in dialog (./auth-dialog-provider.tsx), kept apart from
// the dialog itself: a screen that only asks for it carries neither its code nor its messages.
import { createContext, useContext } from "react";
import type { AuthMode } from "./auth-panel";

export const OpenAuthDialog = createContext<(mode: AuthMode) => void>(() => {});

/** Opens the site's sign-in dialog in the mode given. */
export const useOpenAuthDialog = () => useContext(OpenAuthDialog);
