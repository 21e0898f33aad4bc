"use client";
// The sign-in and sign-up dialog, one for the whole site: the header's Login opens it, and so does a
// guest's "Sign up to share" on a result, so the guest signs up in place and the screen keeps its
// result (which then becomes the account's, lib/auth/guest-work.ts). The dialog's forms load on first
// use; screens open it through ./open-auth-dialog.ts.
import dynamic from "next/dynamic";
import { useCallback, useState, type ReactNode } from "react";
import type { AuthMode } from "./auth-panel";
import { OpenAuthDialog } from "./open-auth-dialog";

const AuthDialog = dynamic(() => import("./auth-dialog").then((module) => module.AuthDialog), { ssr: false });

export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<{ open: boolean; mode: AuthMode; used: boolean }>({ open: false, mode: "signin", used: false });
  const open = useCallback((mode: AuthMode) => setDialog({ open: true, mode, used: true }), []);
  return (
    <OpenAuthDialog value={open}>
      {children}
      {dialog.used && (
        <AuthDialog
          open={dialog.open}
          mode={dialog.mode}
          onOpenChange={(isOpen) => setDialog((current) => ({ ...current, open: isOpen }))}
          onModeChange={(mode) => setDialog((current) => ({ ...current, mode }))}
        />
      )}
    </OpenAuthDialog>
  );
}
