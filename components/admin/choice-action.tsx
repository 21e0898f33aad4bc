"use client";
// A destructive console action that needs one choice from a list besides its reason (a category for
// a suspension or a removal): the confirm button stays off until something is chosen, and each
// opening starts with nothing chosen.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { SelectField, type SelectOption } from "@/components/ui/select-field";
import { adminRequest } from "./admin-request";
import { SUSPENSION_CATEGORIES } from "./console-types";
import { ReasonDialog, reasonWords, type WordedAction } from "./reason-dialog";

interface ChoiceActionProps<Value extends string> {
  action: WordedAction;
  label: string;
  options: ReadonlyArray<SelectOption<Value>>;
  send: (choice: Value, reason: string, idempotencyKey: string) => Promise<unknown>;
}

export function ChoiceAction<Value extends string>({ action, label, options, send }: ChoiceActionProps<Value>) {
  const t = useTranslations("Admin");
  const [choice, setChoice] = useState<Value | "">("");
  return (
    <ReasonDialog
      {...reasonWords(t, action)}
      variant="destructive"
      ready={choice !== ""}
      onOpen={() => setChoice("")}
      send={(reason, key) => send(choice as Value, reason, key)}
    >
      <SelectField label={label} value={choice} onChange={setChoice} choose={t("choose")} options={options} />
    </ReasonDialog>
  );
}

/** Suspends an account under a category: from its own page, or from a report on what it shared. */
export function SuspendAction({ action, path }: { action: "suspend" | "suspendOwner"; path: string }) {
  const t = useTranslations("Admin");
  return (
    <ChoiceAction
      action={action}
      label={t("categoryLabel")}
      options={SUSPENSION_CATEGORIES.map((value) => ({ value, label: t(`category_${value}`) }))}
      send={(category, reason, key) => adminRequest("POST", path, { body: { category, reason }, idempotencyKey: key })}
    />
  );
}
