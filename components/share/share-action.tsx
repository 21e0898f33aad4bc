"use client";
// "Share" on a result or a gallery image: for a signed-in owner it opens the Share dialog, loaded on
// the first click so no page carries it before; a guest, who cannot share, is offered a sign-up in the
// site's dialog, on the same screen, after which the result is theirs to share.
import { Share2 } from "lucide-react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useOpenAuthDialog } from "@/components/auth/open-auth-dialog";
import { useCurrentUser } from "@/components/auth/use-auth";
import { Button, type ButtonProps } from "@/components/ui/button";

const ShareDialog = dynamic(() => import("./share-dialog").then((module) => module.ShareDialog), { ssr: false });

interface ShareActionProps {
  fileId: string;
  prompt?: string | null;
  size?: ButtonProps["size"];
  className?: string;
}

export function ShareAction({ fileId, prompt, size, className }: ShareActionProps) {
  const t = useTranslations("Imaging");
  const { data: user, isPending } = useCurrentUser();
  const openAuthDialog = useOpenAuthDialog();
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  if (isPending) return null;
  if (!user) {
    return (
      <Button variant="outline" size={size} className={className} onClick={() => openAuthDialog("signup")}>
        <Share2 aria-hidden />
        {t("signUpToShare")}
      </Button>
    );
  }
  return (
    <>
      <Button
        variant="outline"
        size={size}
        className={className}
        onClick={() => {
          setEverOpened(true);
          setOpen(true);
        }}
      >
        <Share2 aria-hidden />
        {t("share")}
      </Button>
      {everOpened && <ShareDialog open={open} onOpenChange={setOpen} fileId={fileId} prompt={prompt ?? null} />}
    </>
  );
}
