// Joins conditional class names (clsx) and resolves conflicting Tailwind utilities (tailwind-merge):
// of two classes that set the same property under the same variants, the later one wins.
import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
