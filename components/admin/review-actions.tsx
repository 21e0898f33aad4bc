"use client";
// The two decisions on a flagged result, each through the reason dialog with its own Idempotency-Key:
// approve, or remove with a ground from the list (the owner's statement of reasons words it).
import { useTranslations } from "next-intl";
import { useState } from "react";
import { SelectField } from "@/components/ui/select-field";
import { adminRequest } from "./admin-request";
import { REMOVAL_CATEGORIES } from "./console-types";
import { ReasonDialog, reasonWords } from "./reason-dialog";

export function ReviewActions({ operationId }: { operationId: string }) {
  const t = useTranslations("Admin");
  const [category, setCategory] = useState("");
  const path = `/api/admin/review/${encodeURIComponent(operationId)}`;
  return (
    <div className="flex flex-wrap gap-2">
      <ReasonDialog
        {...reasonWords(t, "approve")}
        send={(reason, key) => adminRequest("POST", path, { body: { decision: "approve", reason }, idempotencyKey: key })}
      />
      <ReasonDialog
        {...reasonWords(t, "remove")}
        variant="destructive"
        ready={category !== ""}
        onOpen={() => setCategory("")}
        send={(reason, key) => adminRequest("POST", path, { body: { decision: "remove", category, reason }, idempotencyKey: key })}
      >
        <SelectField
          label={t("removalCategoryLabel")}
          value={category}
          onChange={setCategory}
          choose={t("choose")}
          options={REMOVAL_CATEGORIES.map((value) => ({ value, label: t(`removalCategory_${value}`) }))}
        />
      </ReasonDialog>
    </div>
  );
}
