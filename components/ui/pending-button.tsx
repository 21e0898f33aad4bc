// A button for a call that takes a moment: while `pending` it is disabled and shows a spinner, and
// `pendingLabel` in place of its label where one is given.
import * as React from "react";

import { Button, type ButtonProps } from "./button";
import { Spinner } from "./spinner";

export function PendingButton({ pending, pendingLabel, disabled, children, ...props }: ButtonProps & { pending: boolean; pendingLabel?: React.ReactNode }) {
  return (
    <Button disabled={pending || disabled} {...props}>
      {pending && <Spinner aria-hidden />}
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </Button>
  );
}
