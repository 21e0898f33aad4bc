"use client";
// The page shell every tool screen shares: heading, description, the credits/cost line and the
// tool's own content. Texts arrive already translated so each tool keeps its own namespace.
import { Coins, Tag } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export interface ToolLayoutProps {
  title: string;
  description: string;
  /** The user's balance as a sentence, e.g. "Credits: 59"; omitted while unknown or for free tools. */
  balance?: string;
  /** What one run costs, e.g. "Cost: 1 credit"; omitted for free tools. */
  cost?: string;
  children: ReactNode;
  className?: string;
}

export function ToolLayout({ title, description, balance, cost, children, className }: ToolLayoutProps) {
  return (
    <section className={cn("mx-auto w-full max-w-6xl px-4 py-8 sm:py-12", className)}>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
          <p className="text-muted-foreground mt-2 max-w-2xl text-base sm:text-lg">{description}</p>
        </div>
        {(balance || cost) && (
          <div className="flex shrink-0 flex-wrap gap-2 text-sm">
            {balance && (
              <span
                data-testid="tool-balance"
                className="bg-secondary text-secondary-foreground inline-flex items-center gap-1.5 rounded-full px-3 py-1 font-medium"
              >
                <Coins aria-hidden className="size-4" />
                {balance}
              </span>
            )}
            {cost && (
              <span data-testid="tool-cost" className="inline-flex items-center gap-1.5 rounded-full border px-3 py-1 font-medium">
                <Tag aria-hidden className="size-4" />
                {cost}
              </span>
            )}
          </div>
        )}
      </header>
      <div className="mt-8">{children}</div>
    </section>
  );
}
