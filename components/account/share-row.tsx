"use client";
// One share link in the Account page's list: its picture, caption, state, views and expiry; an active
// link can be opened and copied, and revoked after a confirmation (its page answers "not found" at once).
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { ShareView } from "@/lib/validation/shares";
import { AccountRow, useShortDateTime } from "./account-section";
import { ConfirmedRemovalButton } from "./confirmed-removal-button";
import { CopyTextButton } from "./copy-text-button";
import { useRevokeShare } from "./use-my-shares";

const STATUS_BADGE = { active: "success", expired: "secondary", revoked: "secondary", hidden: "destructive" } as const;

function useExpiryLine(): (share: ShareView) => string {
  const t = useTranslations("MyShares");
  const when = useShortDateTime();
  return (share) => {
    if (share.revokedAt) return t("revokedOn", { date: when(share.revokedAt) });
    if (!share.expiresAt) return t("neverExpires");
    return share.status === "expired" ? t("expiredOn", { date: when(share.expiresAt) }) : t("expiresOn", { date: when(share.expiresAt) });
  };
}

export function ShareRow({ share }: { share: ShareView }) {
  const t = useTranslations("MyShares");
  const expiry = useExpiryLine();
  const revoke = useRevokeShare();
  const active = share.status === "active";
  const caption = share.caption ?? t("noCaption");
  return (
    <AccountRow
      testId="share-row"
      icon={{
        picture: (
          // eslint-disable-next-line @next/next/no-img-element -- the share's own small derived copy
          <img src={share.thumbnailUrl} alt="" loading="lazy" className="bg-muted size-14 shrink-0 rounded-md object-cover" />
        ),
      }}
      title={
        <>
          <span className="break-words">{caption}</span>
          <Badge variant={STATUS_BADGE[share.status]}>{t(`status_${share.status}`)}</Badge>
        </>
      }
      details={
        <>
          {t("views", { count: share.views })} · {expiry(share)}
          {active && (
            <a href={share.url} target="_blank" rel="noopener" className="text-primary block truncate hover:underline">
              {share.url}
            </a>
          )}
        </>
      }
    >
      {active && (
        <>
          <CopyTextButton
            text={share.url}
            label={t("copy")}
            copiedLabel={t("copied")}
            accessibleLabel={t("copyNamed", { caption })}
            failedMessage={t("copyFailed")}
          />
          <ConfirmedRemovalButton
            label={t("revoke")}
            title={t("revokeTitle")}
            description={t("revokeBody")}
            cancelLabel={t("cancel")}
            pending={revoke.isPending}
            onConfirm={() => revoke.mutate(share)}
          />
        </>
      )}
    </AccountRow>
  );
}
