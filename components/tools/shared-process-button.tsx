"use client";
// The tool's main action button: a spinner and the seconds spent while busy, because AI work can
// take a while and a frozen-looking button makes people click again or leave; below it, the
// operation's stage, progress and Cancel.
import dynamic from "next/dynamic";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

// Shown only while an operation runs, so it loads with the first one.
const OperationProgress = dynamic(() => import("@/components/imaging/operation-progress").then((module) => module.OperationProgress), { ssr: false });

interface ProcessButtonProps {
  busy: boolean;
  /** The idle label, e.g. "Remove Background". */
  label: string;
  /** The busy label, already including the elapsed seconds. */
  busyLabel: string;
  icon?: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  /** The id of a note that explains why the button is disabled. */
  describedBy?: string;
}

export function ProcessButton({ busy, label, busyLabel, icon, onClick, disabled, describedBy }: ProcessButtonProps) {
  return (
    <div className="grid gap-3">
      <Button size="lg" className="w-full px-4" onClick={onClick} disabled={busy || disabled} aria-busy={busy} aria-describedby={describedBy}>
        {busy ? <Spinner aria-hidden /> : icon}
        <span className="truncate">{busy ? busyLabel : label}</span>
      </Button>
      {busy && <OperationProgress />}
    </div>
  );
}
