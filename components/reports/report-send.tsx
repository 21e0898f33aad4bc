"use client";
// The end of the report and appeal forms: why the server refused what was sent, where it did, and the
// send button, which waits while a send is under way.
import type { ReactNode } from "react";
import { PendingButton } from "@/components/ui/pending-button";

export function ReportSend({ refusal, pending, sending, children }: { refusal: ReactNode; pending: boolean; sending: string; children: ReactNode }) {
  return (
    <>
      {refusal && (
        <p role="alert" className="text-destructive text-sm font-medium">
          {refusal}
        </p>
      )}
      <PendingButton type="submit" className="w-full sm:w-fit" pending={pending} pendingLabel={sending} spinnerLabel={sending}>
        {children}
      </PendingButton>
    </>
  );
}
