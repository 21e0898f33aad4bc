"use client";
// The tool's main action button: a spinner and the seconds spent while busy, because AI work can
// take a while and a frozen-looking button makes people click again or leave; below it, the
// operation's stage, progress and Cancel.
import { useEffect, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { clientLazy } from "@/components/ui/client-lazy";
import { Spinner } from "@/components/ui/spinner";

// Shown only while an operation runs, so it loads with the first one.
const OperationProgress = clientLazy(() => import("@/components/imaging/operation-progress").then((module) => module.OperationProgress));

/** Whole seconds since `busy` became true; 0 when idle. */
export function useElapsedSeconds(busy: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!busy) return;
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => {
      clearInterval(timer);
      setSeconds(0);
    };
  }, [busy]);
  return busy ? seconds : 0;
}

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
