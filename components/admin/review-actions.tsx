"use client";
// The two decisions on a flagged result, each through the reason dialog with its own Idempotency-Key:
// approve, or remove with a ground from the list (the owner's statement of reasons words it).
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { adminRequest } from "./admin-request";
import { REMOVAL_CATEGORIES } from "./console-types";
import { ReasonDialog } from "./reason-dialog";

export function ReviewActions({ operationId }: { operationId: string }) {
  const t = useTranslations("Admin");
  const [category, setCategory] = useState("");
  const categoryId = useId();
  const path = `/api/admin/review/${encodeURIComponent(operationId)}`;
  return (
    <div className="flex flex-wrap gap-2">
      <ReasonDialog
        trigger={t("approveLabel")}
        title={t("approveLabel")}
        confirm={t("approveLabel")}
        description={t("approveDescription")}
        done={t("approveDone")}
        send={(reason, key) => adminRequest("POST", path, { body: { decision: "approve", reason }, idempotencyKey: key })}
      />
      <ReasonDialog
        trigger={t("removeLabel")}
        title={t("removeLabel")}
        confirm={t("removeLabel")}
        description={t("removeDescription")}
        done={t("removeDone")}
        variant="destructive"
        ready={category !== ""}
        onOpen={() => setCategory("")}
        send={(reason, key) => adminRequest("POST", path, { body: { decision: "remove", category, reason }, idempotencyKey: key })}
      >
        <div className="grid gap-2">
          <Label htmlFor={categoryId}>{t("removalCategoryLabel")}</Label>
          <NativeSelect id={categoryId} value={category} onChange={(event) => setCategory(event.target.value)}>
            <option value="">{t("choose")}</option>
            {REMOVAL_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {t(`removalCategory_${value}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </ReasonDialog>
    </div>
  );
}
