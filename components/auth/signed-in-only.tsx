"use client";
// Renders its children for a signed-in user only. The subscription to the session lives here, so the
// screen around it does not re-render when the session becomes known.
import type { ReactNode } from "react";
import { useSignedIn } from "./use-auth";

export function SignedInOnly({ children }: { children: ReactNode }) {
  return useSignedIn() ? children : null;
}
