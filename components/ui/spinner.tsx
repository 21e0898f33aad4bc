// Animated loading indicator announced to assistive tech via role="status" and the given aria-label.
import * as React from "react";
import { Loader2 } from "lucide-react";

import { cn } from "@/lib/cn";

export type SpinnerProps = Omit<React.ComponentProps<typeof Loader2>, "role"> & {
  "aria-label"?: string;
};

export function Spinner({ className, ...props }: SpinnerProps) {
  return <Loader2 role="status" data-slot="spinner" className={cn("size-4 shrink-0 animate-spin", className)} {...props} />;
}
