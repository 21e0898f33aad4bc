// Merges conditional class names and resolves conflicting Tailwind utilities: of two classes that set
// the same property under the same variants, the later one wins, and a shorthand (p-4, rounded, inset-0)
// drops the longhands before it (px-2, rounded-t-md, top-2). It knows the utilities this app uses;
// a class it does not know is always kept. Small on purpose: it ships on every page's first load.
import { clsx, type ClassValue } from "clsx";

const SIZES = /^(xs|sm|base|md|lg|xl|\dxl)(\/.+)?$/;
const LENGTH = /^(\d+(\.\d+)?|px|\[(length|size):.+\]|\[\d.*\]|\(length:.+\))$/;
const DISPLAY = new Set([
  "block",
  "inline-block",
  "inline",
  "flex",
  "inline-flex",
  "grid",
  "inline-grid",
  "hidden",
  "contents",
  "table",
  "flow-root",
  "list-item",
]);
const POSITION = new Set(["static", "fixed", "absolute", "relative", "sticky"]);
const SINGLE: Record<string, string> = {
  visible: "visibility",
  invisible: "visibility",
  collapse: "visibility",
  italic: "font-style",
  "not-italic": "font-style",
  uppercase: "text-transform",
  lowercase: "text-transform",
  capitalize: "text-transform",
  "normal-case": "text-transform",
  underline: "text-decoration",
  "line-through": "text-decoration",
  "no-underline": "text-decoration",
  overline: "text-decoration",
  grow: "grow",
  shrink: "shrink",
  truncate: "truncate",
  "sr-only": "sr",
  "not-sr-only": "sr",
  resize: "resize",
  transition: "transition",
  rounded: "rounded",
  border: "border-w",
  shadow: "shadow",
  ring: "ring-w",
  outline: "outline-style",
  blur: "blur",
};

/** Shorthands and the longhands they replace. */
const COVERS: Record<string, string[]> = {
  p: ["px", "py", "pt", "pr", "pb", "pl", "ps", "pe"],
  px: ["pr", "pl", "ps", "pe"],
  py: ["pt", "pb"],
  m: ["mx", "my", "mt", "mr", "mb", "ml", "ms", "me"],
  mx: ["mr", "ml", "ms", "me"],
  my: ["mt", "mb"],
  inset: ["inset-x", "inset-y", "top", "right", "bottom", "left", "start", "end"],
  "inset-x": ["right", "left", "start", "end"],
  "inset-y": ["top", "bottom"],
  gap: ["gap-x", "gap-y"],
  size: ["w", "h"],
  overflow: ["overflow-x", "overflow-y"],
  rounded: ["rounded-t", "rounded-r", "rounded-b", "rounded-l", "rounded-s", "rounded-e", "rounded-tl", "rounded-tr", "rounded-br", "rounded-bl"],
  "rounded-t": ["rounded-tl", "rounded-tr"],
  "rounded-b": ["rounded-bl", "rounded-br"],
  "rounded-l": ["rounded-tl", "rounded-bl"],
  "rounded-r": ["rounded-tr", "rounded-br"],
  "border-w": ["border-w-x", "border-w-y", "border-w-t", "border-w-r", "border-w-b", "border-w-l", "border-w-s", "border-w-e"],
  "border-w-x": ["border-w-r", "border-w-l"],
  "border-w-y": ["border-w-t", "border-w-b"],
  truncate: ["overflow", "overflow-x", "overflow-y", "whitespace", "text-overflow"],
};

/** Utilities named by a prefix and a value, longest prefix first so "min-w" is found before "w". */
const PREFIXES = [
  "underline-offset",
  "line-clamp",
  "grid-cols",
  "grid-rows",
  "col-span",
  "row-span",
  "overflow-x",
  "overflow-y",
  "translate-x",
  "translate-y",
  "pointer-events",
  "inset-x",
  "inset-y",
  "space-x",
  "space-y",
  "gap-x",
  "gap-y",
  "min-w",
  "max-w",
  "min-h",
  "max-h",
  "z",
  "opacity",
  "leading",
  "tracking",
  "cursor",
  "duration",
  "ease",
  "delay",
  "order",
  "basis",
  "items",
  "justify",
  "self",
  "content",
  "place-items",
  "place-content",
  "overflow",
  "whitespace",
  "break",
  "aspect",
  "scale",
  "rotate",
  "origin",
  "animate",
  "fill",
  "list",
  "decoration",
  "select",
  "touch",
  "size",
  "inset",
  "top",
  "right",
  "bottom",
  "left",
  "start",
  "end",
  "gap",
  "px",
  "py",
  "pt",
  "pr",
  "pb",
  "pl",
  "ps",
  "pe",
  "p",
  "mx",
  "my",
  "mt",
  "mr",
  "mb",
  "ml",
  "ms",
  "me",
  "m",
  "w",
  "h",
].sort((a, b) => b.length - a.length);

const isColorish = (value: string) => !LENGTH.test(value);

/** The property a utility (without variants) sets, or null when this merger does not know it. */
export function utilityGroup(utility: string): string | null {
  const base = utility.replace(/^-/, "");
  if (DISPLAY.has(base)) return "display";
  if (POSITION.has(base)) return "position";
  if (base in SINGLE) return SINGLE[base]!;
  const arbitrary = /^\[([a-z-]+):.+\]$/.exec(base);
  if (arbitrary) return `[${arbitrary[1]}]`;

  const dash = base.indexOf("-");
  const head = dash < 0 ? base : base.slice(0, dash);
  const value = dash < 0 ? "" : base.slice(dash + 1);
  switch (head) {
    case "text":
      if (SIZES.test(value) || /^\[(length:)?\d/.test(value)) return "font-size";
      if (/^(left|center|right|justify|start|end)$/.test(value)) return "text-align";
      if (/^(wrap|nowrap|balance|pretty)$/.test(value)) return "text-wrap";
      if (/^(ellipsis|clip)$/.test(value)) return "text-overflow";
      return "text-color";
    case "font":
      return /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+|\[\d+\])$/.test(value) ? "font-weight" : "font-family";
    case "bg":
      if (/^(none|gradient|linear|radial|conic|\[(url|image|repeating|linear|radial)).*/.test(value)) return "bg-image";
      if (/^(cover|contain|auto|\[length:.+\])$/.test(value)) return "bg-size";
      if (/^(center|top|bottom|left|right|(left|right)-(top|bottom)|\[position:.+\])$/.test(value)) return "bg-position";
      if (/^(no-)?repeat/.test(value)) return "bg-repeat";
      if (/^(fixed|local|scroll)$/.test(value)) return "bg-attachment";
      if (value.startsWith("clip-")) return "bg-clip";
      return "bg-color";
    case "border": {
      const side = /^([xytrblse])(-(.+))?$/.exec(value);
      if (side && (side[3] === undefined || LENGTH.test(side[3]))) return `border-w-${side[1]}`;
      if (LENGTH.test(value)) return "border-w";
      if (/^(solid|dashed|dotted|double|hidden|none)$/.test(value)) return "border-style";
      if (/^(collapse|separate)$/.test(value)) return "border-collapse";
      return side ? `border-color-${side[1]}` : "border-color";
    }
    case "rounded": {
      const corner = /^(tl|tr|br|bl|t|r|b|l|s|e)(-|$)/.exec(value);
      return corner ? `rounded-${corner[1]}` : "rounded";
    }
    case "shadow":
      return /^(2xs|xs|sm|md|lg|xl|2xl|none|inner)$/.test(value) ? "shadow" : "shadow-color";
    case "ring":
      if (value.startsWith("offset-")) return isColorish(value.slice(7)) ? "ring-offset-color" : "ring-offset-w";
      return value === "inset" ? "ring-inset" : isColorish(value) ? "ring-color" : "ring-w";
    case "outline":
      if (value.startsWith("offset-")) return "outline-offset";
      if (/^(none|hidden|dashed|dotted|double|solid)$/.test(value)) return "outline-style";
      return isColorish(value) ? "outline-color" : "outline-w";
    case "stroke":
      return isColorish(value) ? "stroke-color" : "stroke-w";
    case "flex":
      if (/^(row|col|row-reverse|col-reverse)$/.test(value)) return "flex-direction";
      if (/^(wrap|nowrap|wrap-reverse)$/.test(value)) return "flex-wrap";
      return "flex";
    case "object":
      return /^(contain|cover|fill|none|scale-down)$/.test(value) ? "object-fit" : "object-position";
    case "transition":
      return "transition";
    case "grow":
    case "shrink":
    case "blur":
    case "resize":
      return head;
  }
  for (const prefix of PREFIXES) {
    if (base === prefix || base.startsWith(`${prefix}-`)) return prefix;
  }
  return null;
}

/** Splits "md:hover:!px-4" into its variants ("md:hover:"), and the utility with its importance ("!px-4"). */
function splitVariants(token: string): { variants: string; utility: string; important: boolean } {
  let depth = 0;
  let last = -1;
  for (let index = 0; index < token.length; index += 1) {
    const char = token[index];
    if (char === "[" || char === "(") depth += 1;
    else if (char === "]" || char === ")") depth -= 1;
    else if (char === ":" && depth === 0) last = index;
  }
  let utility = token.slice(last + 1);
  const important = utility.startsWith("!") || utility.endsWith("!");
  utility = utility.replace(/^!|!$/g, "");
  return { variants: token.slice(0, last + 1), utility, important };
}

/** Resolves conflicts in a class string: later classes win. */
export function mergeClasses(classes: string): string {
  const tokens = classes.split(/\s+/).filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let index = tokens.length - 1; index >= 0; index -= 1) {
    const token = tokens[index]!;
    const { variants, utility, important } = splitVariants(token);
    const group = utilityGroup(utility);
    if (group === null) {
      kept.push(token);
      continue;
    }
    const scope = `${variants}${important ? "!" : ""}`;
    if (taken.has(scope + group)) continue;
    kept.push(token);
    taken.add(scope + group);
    for (const covered of COVERS[group] ?? []) taken.add(scope + covered);
  }
  // Duplicates of unknown classes are harmless; drop exact repeats anyway, keeping the last.
  return [...new Set(kept)].reverse().join(" ");
}

export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
