"use client";
// The two decisions on a flagged result, each through the reason dialog with its own Idempotency-Key:
// approve, or remove with a ground from the list (the owner's statement of reasons words it).
import { useTranslations } from "next-intl";
import { adminRequest } from "./admin-request";
import { ChoiceAction } from "./choice-action";
import { REMOVAL_CATEGORIES } from "./console-types";
import { ReasonDialog, reasonWords } from "./reason-dialog";

export function ReviewActions({ operationId }: { operationId: string }) {
  const t = useTranslations("Admin");
  const path = `/api/admin/review/${encodeURIComponent(operationId)}`;
  return (
    <div className="flex flex-wrap gap-2">
      <ReasonDialog
        {...reasonWords(t, "approve")}
        send={(reason, key) => adminRequest("POST", path, { body: { decision: "approve", reason }, idempotencyKey: key })}
      />
      <ChoiceAction
        action="remove"
        label={t("removalCategoryLabel")}
        options={REMOVAL_CATEGORIES.map((value) => ({ value, label: t(`removalCategory_${value}`) }))}
        send={(category, reason, key) => adminRequest("POST", path, { body: { decision: "remove", category, reason }, idempotencyKey: key })}
      />
    </div>
  );
}
