"use client";
// The Account page's "My shares" section: every link the account has made, with its picture,
// caption, state, views and expiry; an active one's link to copy, and revoking it after a
// confirmation, which the list shows at once.
import { useTranslations } from "next-intl";
import { useMyShares } from "./use-my-shares";
import { AccountList, AccountSection } from "./account-section";
import { ShareRow } from "./share-row";

export function MySharesCard() {
  const t = useTranslations("MyShares");
  const shares = useMyShares();
  return (
    <AccountSection data-testid="my-shares" title={t("title")} description={t("description")} contentClassName="grid gap-4">
      <AccountList query={shares} loadFailed={t("loadFailed")} empty={t("empty")} label={t("listLabel")}>
        {(share) => <ShareRow key={share.id} share={share} />}
      </AccountList>
    </AccountSection>
  );
}
