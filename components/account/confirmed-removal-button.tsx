"use client";
// A small outline button that takes something away (a key, a link, an endpoint) only after its
// confirmation dialog: the button names the action, the dialog says what follows from it.
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";

interface ConfirmedRemovalButtonProps {
  /** The button's and the dialog's confirming label, e.g. "Revoke". */
  label: string;
  title: string;
  description: string;
  cancelLabel: string;
  pending: boolean;
  onConfirm: () => void;
}

export function ConfirmedRemovalButton({ label, title, description, cancelLabel, pending, onConfirm }: ConfirmedRemovalButtonProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" disabled={pending} onClick={() => setConfirming(true)}>
        {label}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={title}
        description={description}
        cancelLabel={cancelLabel}
        confirmLabel={label}
        confirmVariant="destructive"
        onConfirm={onConfirm}
      />
    </>
  );
}
