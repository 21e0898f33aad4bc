"use client";
// Tabbed navigation built on radix Tabs.
import { Tabs as TabsPrimitive } from "radix-ui";

import { cn } from "@/lib/cn";
import { focusRing, slotted } from "./slotted";

export const Tabs = slotted(TabsPrimitive.Root, "tabs", "flex flex-col gap-2");

export const TabsList = slotted(
  TabsPrimitive.List,
  "tabs-list",
  "inline-flex h-10 w-fit items-center justify-center rounded-lg bg-muted p-1 text-muted-foreground",
);

export const TabsTrigger = slotted(
  TabsPrimitive.Trigger,
  "tabs-trigger",
  cn(
    "inline-flex h-full flex-1 cursor-pointer items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 py-1 text-sm font-medium transition-all",
    "hover:text-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm",
    focusRing,
    "disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  ),
);

export const TabsContent = slotted(TabsPrimitive.Content, "tabs-content", cn("flex-1", focusRing));
