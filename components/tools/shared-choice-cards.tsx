"use client";
// A set of selectable cards with radio semantics (one choice, arrow keys move and select, Tab
// enters and leaves the group), used for background presets, cartoon styles and target formats.
// A roving focus of its own, on the kit's keys (components/ui/choice-keys.ts), keeps the kit's radio
// group off three tools' first load.
import { Check, type LucideIcon } from "lucide-react";
import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { choiceIndexFor } from "@/components/ui/choice-keys";
import { cn } from "@/lib/cn";

export interface ChoiceOption<T extends string> {
  value: T;
  title: string;
  description?: string;
  /** A swatch or an icon drawn above or beside the title. */
  visual?: ReactNode;
}

/** What a tool's own set of cards (background presets, cartoon styles) takes from its screen. */
export interface ChoicePickerProps<T extends string> {
  /** Null when nothing is chosen (e.g. custom text replaces the presets). */
  value: T | null;
  onChange: (value: T) => void;
  disabled?: boolean;
}

/** A card's visual: an icon centred on a tile that `className` sizes and colours. */
export function ChoiceIcon({ icon: Icon, className, iconClassName }: { icon: LucideIcon; className: string; iconClassName?: string }) {
  return (
    <span aria-hidden className={cn("flex items-center justify-center rounded-md", className)}>
      <Icon className={cn("size-5", iconClassName)} />
    </span>
  );
}

interface ChoiceCardsProps<T extends string> extends ChoicePickerProps<T> {
  label: string;
  options: ChoiceOption<T>[];
  className?: string;
  /** Compact cards are a single line, for short choices such as file formats. */
  compact?: boolean;
}

export function ChoiceCards<T extends string>({ label, options, value, onChange, disabled, className, compact }: ChoiceCardsProps<T>) {
  const id = useId();
  const group = useRef<HTMLDivElement>(null);
  // Tab lands on the chosen card, or on the first when none is chosen.
  const tabStop = options.some((option) => option.value === value) ? value : options[0]?.value;

  function move(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = choiceIndexFor(event.key, index, options.length);
    if (next === null || disabled) return;
    event.preventDefault();
    group.current?.querySelectorAll<HTMLButtonElement>("[role=radio]")[next]?.focus();
    onChange(options[next]!.value);
  }

  return (
    <div ref={group} role="radiogroup" aria-label={label} aria-disabled={disabled || undefined} className={cn("grid gap-2", className)}>
      {options.map((option, index) => {
        const titleId = `${id}-${option.value}-title`;
        const descriptionId = option.description ? `${id}-${option.value}-description` : undefined;
        const checked = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={checked}
            data-state={checked ? "checked" : "unchecked"}
            aria-labelledby={titleId}
            aria-describedby={descriptionId}
            tabIndex={option.value === tabStop ? 0 : -1}
            disabled={disabled}
            onClick={() => onChange(option.value)}
            onKeyDown={(event) => move(event, index)}
            data-testid={`choice-${option.value}`}
            className={cn(
              "group/choice bg-card relative flex min-w-0 cursor-pointer rounded-lg border text-left outline-none transition-colors",
              "hover:border-primary/60 focus-visible:ring-ring focus-visible:ring-2 focus-visible:ring-offset-2",
              "data-[state=checked]:border-primary data-[state=checked]:bg-primary/5 data-[state=checked]:ring-primary data-[state=checked]:ring-1",
              "disabled:cursor-not-allowed disabled:opacity-60",
              compact
                ? "items-center justify-center gap-2 px-3 py-2.5 data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground"
                : "flex-col gap-2 p-2.5",
            )}
          >
            {option.visual}
            <span className={cn("min-w-0", compact && "text-center")}>
              <span id={titleId} className="block text-sm font-medium leading-tight">
                {option.title}
              </span>
              {option.description && (
                <span id={descriptionId} className="text-muted-foreground mt-0.5 block text-xs leading-snug">
                  {option.description}
                </span>
              )}
            </span>
            {!compact && checked && (
              <span className="bg-primary text-primary-foreground absolute right-1.5 top-1.5 flex size-5 items-center justify-center rounded-full">
                <Check aria-hidden className="size-3.5" />
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
