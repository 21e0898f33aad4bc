"use client";
// The frame of each Account page section (a card with its title and description), the list a
// section loads (a spinner while it loads, a line when it failed or is empty, then its rows) and a row.
import type { UseMutationResult, UseQueryResult } from "@tanstack/react-query";
import type { LucideIcon } from "lucide-react";
import { useFormatter } from "next-intl";
import { useState, type ComponentProps, type ReactNode } from "react";
import { SectionCard } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";

export function AccountSection(props: Omit<ComponentProps<typeof SectionCard>, "titleClassName">) {
  return <SectionCard titleClassName="text-lg" {...props} />;
}

interface AccountListProps<Item extends { id: string }> {
  query: UseQueryResult<Item[]>;
  loadFailed: string;
  /** Said when the list is empty; without it an empty list is an empty <ul>. */
  empty?: string;
  label?: string;
  className?: string;
  spinnerClassName?: string;
  children: (item: Item) => ReactNode;
}

export function AccountList<Item extends { id: string }>({
  query,
  loadFailed,
  empty,
  label,
  className,
  spinnerClassName = "size-6",
  children,
}: AccountListProps<Item>) {
  const items = query.data;
  return (
    <>
      {query.isPending && <Spinner aria-hidden className={spinnerClassName} />}
      {query.isError && <p className="text-destructive text-sm">{loadFailed}</p>}
      {items && empty !== undefined && items.length === 0 && <p className="text-muted-foreground text-sm">{empty}</p>}
      {items && (empty === undefined || items.length > 0) && (
        <ul className={cn("divide-border divide-y", className)} aria-label={label}>
          {items.map(children)}
        </ul>
      )}
    </>
  );
}

interface AccountRowProps {
  /** What the row starts with: an icon, or a picture of its own (a shared image's thumbnail). */
  icon: LucideIcon | { picture: ReactNode };
  title: ReactNode;
  details: ReactNode;
  testId: string;
  /** The row's buttons. */
  children: ReactNode;
}

/** One entry of a section's list (a key, a session, a share): an icon, its name line and details, its buttons. */
export function AccountRow({ icon: Icon, title, details, testId, children }: AccountRowProps) {
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid={testId}>
      {"picture" in Icon ? Icon.picture : <Icon aria-hidden className="text-muted-foreground size-5 shrink-0" />}
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium">{title}</p>
        <p className="text-muted-foreground text-xs">{details}</p>
      </div>
      {children}
    </li>
  );
}

/**
 * A section's form that adds to its list (a key, an endpoint): whether the list is full, and what
 * the last add answered (a secret shown once) until it is dismissed.
 */
export function useListAdder<Item, Input, Added>(list: UseQueryResult<Item[]>, add: UseMutationResult<Added, Error, Input>, max: number) {
  const [added, setAdded] = useState<Added | null>(null);
  return {
    full: (list.data?.length ?? 0) >= max,
    added,
    dismiss: () => setAdded(null),
    /** Adds `input`; once it is added, shows the answer and runs `then` (to empty the form). */
    submit: (input: Input, then: () => void) =>
      add.mutate(input, {
        onSuccess: (result) => {
          setAdded(result);
          then();
        },
      }),
  };
}

/** A moment as the Account page shows it: the date and the time, in the reader's language. */
export function useShortDateTime(): (value: string) => string {
  const format = useFormatter();
  return (value) => format.dateTime(new Date(value), { dateStyle: "medium", timeStyle: "short" });
}
