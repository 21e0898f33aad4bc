import { cn } from "@/lib/cn";

describe("cn", () => {
  it.each([
    ["px-2 px-4", "px-4"],
    ["p-6 pt-0", "p-6 pt-0"],
    ["px-2 py-1 p-4", "p-4"],
    ["pt-2 py-4", "py-4"],
    ["text-sm text-lg", "text-lg"],
    ["text-sm text-red-500", "text-sm text-red-500"],
    ["text-muted-foreground text-foreground", "text-foreground"],
    ["text-left text-sm text-center", "text-sm text-center"],
    ["bg-primary bg-red-500", "bg-red-500"],
    [
      "bg-muted bg-[length:10px_10px] bg-[repeating-conic-gradient(#d4d4d8_0%_25%,#fff_0%_50%)]",
      "bg-muted bg-[length:10px_10px] bg-[repeating-conic-gradient(#d4d4d8_0%_25%,#fff_0%_50%)]",
    ],
    ["border border-2", "border-2"],
    ["border border-input border-destructive", "border border-destructive"],
    ["border-t-2 border", "border"],
    ["border border-t-2", "border border-t-2"],
    ["rounded-t-md rounded-lg", "rounded-lg"],
    ["rounded-lg rounded-t-md", "rounded-lg rounded-t-md"],
    ["rounded-md rounded-full", "rounded-full"],
    ["h-9 h-12", "h-12"],
    ["w-4 h-4 size-8", "size-8"],
    ["min-h-40 h-full", "min-h-40 h-full"],
    ["max-w-lg sm:max-w-lg sm:max-w-4xl", "max-w-lg sm:max-w-4xl"],
    ["hover:bg-accent bg-accent", "hover:bg-accent bg-accent"],
    ["data-[state=checked]:bg-background data-[state=checked]:bg-muted", "data-[state=checked]:bg-muted"],
    ["flex grid", "grid"],
    ["flex flex-col flex-1 flex-row", "flex flex-1 flex-row"],
    ["hidden sm:flex block", "sm:flex block"],
    ["font-medium font-bold font-mono", "font-bold font-mono"],
    ["shadow-sm shadow-lg", "shadow-lg"],
    ["ring-2 ring-ring ring-4 ring-sky-500", "ring-4 ring-sky-500"],
    ["ring-offset-2 ring-offset-background", "ring-offset-2 ring-offset-background"],
    ["outline-hidden outline-none", "outline-none"],
    ["-mx-1 mx-2", "mx-2"],
    ["inset-0 top-2", "inset-0 top-2"],
    ["top-2 inset-0", "inset-0"],
    ["gap-x-2 gap-4", "gap-4"],
    ["px-4! px-2", "px-4! px-2"],
    ["max-h-(--radix-dropdown-menu-content-available-height) max-h-40", "max-h-40"],
    ["[&>span]:line-clamp-1 [&>span]:line-clamp-2", "[&>span]:line-clamp-2"],
    ["w-full  ", "w-full"],
    // Utilities a hand-made list easily misses: Tailwind 4's own names and arbitrary values.
    ["shadow-xs shadow-2xs", "shadow-2xs"],
    ["inset-shadow-sm inset-shadow-xs", "inset-shadow-xs"],
    ["bg-linear-to-r bg-linear-to-b", "bg-linear-to-b"],
    ["scale-95 scale-100", "scale-100"],
    ["starting:opacity-0 starting:opacity-50", "starting:opacity-50"],
    ["w-[calc(100%-2rem)] w-full", "w-full"],
  ])("%s → %s", (input, expected) => {
    expect(cn(input)).toBe(expected);
  });

  it("takes clsx's conditional forms", () => {
    expect(cn("px-2", false && "px-8", { "px-4": true, hidden: false }, ["text-sm", undefined])).toBe("px-4 text-sm");
  });

  it("keeps classes it does not know, next to the utilities they sit with", () => {
    expect(cn("prose", "p-2", "p-4")).toBe("prose p-4");
    expect(cn("accent-primary custom-thing accent-primary")).toBe("custom-thing accent-primary");
    expect(cn("pictura-card p-2", "p-4")).toBe("pictura-card p-4");
  });
});
