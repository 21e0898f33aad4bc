"use client";
// The review queue: results the image check flagged, waiting ones first (the list opens on them), or
// those approved or removed. Each card shows the picture (through the console's own gated address),
// the account, the tool, when, the scores and the prompt, and offers the two decisions. Cards stack
// on a phone, so the screen fits 320 px without sideways scrolling.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { SectionCard } from "@/components/ui/card";
import { SelectField } from "@/components/ui/select-field";
import { REVIEW_STATUSES, type ReviewItem, type ReviewListStatus } from "./console-types";
import { PictureCard } from "./console-picture";
import { PagedListBody } from "./paged-list-body";
import { ReviewActions } from "./review-actions";
import { ReviewScores } from "./review-scores";
import { useConsoleFormat } from "./use-console-format";
import { usePagedList } from "./use-paged-list";

function ReviewCard({ item }: { item: ReviewItem }) {
  const t = useTranslations("Admin");
  const f = useConsoleFormat();
  return (
    <PictureCard data-testid="review-item" data-operation-id={item.id} picture={{ src: item.imageUrl, alt: t("imageAlt", { id: item.id }) }}>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t("colEmail")}</dt>
        <dd className="break-words">{item.userEmail ?? t("guest")}</dd>
        <dt className="text-muted-foreground">{t("colKind")}</dt>
        <dd>{item.kind}</dd>
        <dt className="text-muted-foreground">{t("colWhen")}</dt>
        <dd>{f.moment(item.createdAt)}</dd>
        <dt className="text-muted-foreground">{t("colOperation")}</dt>
        <dd className="font-mono text-xs break-all">{item.id}</dd>
        <dt className="text-muted-foreground">{t("colPrompt")}</dt>
        <dd className="break-words whitespace-pre-wrap">{item.prompt ?? "—"}</dd>
      </dl>
      <ReviewScores scores={item.scores} />
      {item.reviewStatus === "pending" ? (
        <ReviewActions operationId={item.id} />
      ) : (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant={item.reviewStatus === "removed" ? "destructive" : "success"}>{t(`reviewStatus_${item.reviewStatus as ReviewListStatus}`)}</Badge>
          {item.reviewedAt && <span className="text-muted-foreground">{t("reviewedOn", { date: f.moment(item.reviewedAt) })}</span>}
        </p>
      )}
    </PictureCard>
  );
}

export function ReviewScreen() {
  const t = useTranslations("Admin");
  const [status, setStatus] = useState<ReviewListStatus>("pending");
  const list = usePagedList<ReviewItem>("/api/admin/review", { status });
  return (
    <div className="grid min-w-0 gap-6">
      <p className="text-muted-foreground text-sm">{t("reviewIntro")}</p>
      <SelectField
        label={t("reviewStatusLabel")}
        value={status}
        onChange={setStatus}
        options={REVIEW_STATUSES.map((value) => ({ value, label: t(`reviewStatus_${value}`) }))}
        className="max-w-xs gap-1.5"
      />
      <SectionCard title={t(`reviewStatus_${status}`)} className="min-w-0" contentClassName="grid gap-3">
        <PagedListBody list={list} empty={t("noReview")} render={(item) => <ReviewCard key={item.id} item={item} />} />
      </SectionCard>
    </div>
  );
}
