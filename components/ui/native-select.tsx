// A select on the browser's own <select>: its option list is the platform's (a sheet on phones), with
// keyboard and screen-reader support built in; styled like the inputs, with a chevron.
import { ChevronDown } from "lucide-react";
import * as React from "react";

import { cn } from "@/lib/cn";

export function NativeSelect({ className, style, ...props }: React.ComponentProps<"select">) {
  return (
    <div data-slot="native-select-wrapper" className="relative">
      <select
        data-slot="native-select"
        style={style}
        className={cn(
          "border-input bg-background text-foreground shadow-xs flex h-10 w-full cursor-pointer appearance-none rounded-md border py-2 pe-9 ps-3 text-sm",
          "focus-visible:ring-ring focus-visible:ring-offset-background outline-hidden focus-visible:ring-2 focus-visible:ring-offset-2",
          "aria-invalid:border-destructive disabled:cursor-not-allowed disabled:opacity-50",
          className,
        )}
        {...props}
      />
      <ChevronDown aria-hidden className="text-muted-foreground pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 opacity-60" />
    </div>
  );
}
