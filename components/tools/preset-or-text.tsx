"use client";
// A preset chosen from cards, or a short description that replaces it (custom background, custom
// style): typing makes the text win and clears the cards' choice; picking a card clears the text.
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { STYLE_TEXT_MAX } from "@/lib/validation/limits";
import type en from "@/messages/en.json";
import { CustomText } from "./shared-custom-text";

export function usePresetOrText<T>(initial: T) {
  const [preset, setPreset] = useState(initial);
  const [custom, setCustom] = useState("");
  const usingCustom = custom.trim().length > 0;
  return {
    /** The last preset picked, whether or not text replaces it. */
    preset,
    /** The preset the cards show as chosen: none while text replaces it. */
    shown: usingCustom ? null : preset,
    custom,
    setCustom,
    /** The text sent instead of a preset, kept with the result; null when a preset is used. */
    prompt: usingCustom ? custom.trim() : null,
    pick(next: T) {
      setPreset(next);
      setCustom("");
    },
  };
}

/**
 * The form of a call that takes a preset or a description: the photo, the operation, and the custom
 * text alone when there is some (the server prefers a preset over text), else the preset's field.
 */
export function presetOrTextForm(file: File, operation: string, custom: string, preset: Record<string, string | null>): FormData {
  const form = new FormData();
  form.append("image", file);
  form.append("operation", operation);
  const text = custom.trim();
  if (text) form.append("prompt", text);
  else for (const [field, value] of Object.entries(preset)) if (value) form.append(field, value);
  return form;
}

type Messages = typeof en;

/** A tool's message namespace with the picker's words: `customLabel`, `customPlaceholder`, `counter` and `customHint`. */
type PickerNamespace = {
  [Namespace in keyof Messages]: Messages[Namespace] extends Record<"customLabel" | "customPlaceholder" | "counter" | "customHint", string> ? Namespace : never;
}[keyof Messages];

interface PresetOrTextProps {
  namespace: PickerNamespace;
  heading: string;
  /** The preset cards. */
  children: ReactNode;
  custom: string;
  onCustomChange: (text: string) => void;
  disabled: boolean;
}

export function PresetOrText({ namespace, heading, children, custom, onCustomChange, disabled }: PresetOrTextProps) {
  const t = useTranslations(namespace);
  return (
    <>
      <div className="grid gap-2">
        <h2 className="text-sm font-semibold">{heading}</h2>
        {children}
      </div>
      <CustomText
        label={t("customLabel")}
        placeholder={t("customPlaceholder")}
        value={custom}
        onChange={onCustomChange}
        max={STYLE_TEXT_MAX}
        counter={t("counter", { count: custom.length, max: STYLE_TEXT_MAX })}
        hint={custom.trim() ? t("customHint") : undefined}
        disabled={disabled}
      />
    </>
  );
}
