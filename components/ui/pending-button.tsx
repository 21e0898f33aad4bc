// A button for a call that takes a moment: while `pending` it is disabled and shows a spinner, and
// `pendingLabel` in place of its label where one is given.
import * as React from "react";

import { Button, type ButtonProps } from "./button";
import { Spinner } from "./spinner";

interface PendingButtonProps extends ButtonProps {
  pending: boolean;
  pendingLabel?: React.ReactNode;
  /** Names the spinner for screen readers; without it the spinner is hidden from them. */
  spinnerLabel?: string;
}

export function PendingButton({ pending, pendingLabel, spinnerLabel, disabled, children, ...props }: PendingButtonProps) {
  return (
    <Button disabled={pending || disabled} {...props}>
      {pending && (spinnerLabel ? <Spinner aria-label={spinnerLabel} /> : <Spinner aria-hidden />)}
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </Button>
  );
}
