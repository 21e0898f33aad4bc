"use client";
// The Gallery screen (spec §2): Sign In Required for guests; the Gallery Feature Locked dialog for
// free and trial users; for paid plans the Storage Usage card and the grid of saved images, each with
// its tool, prompt, time, download, share (a link), delete (with a confirm) and a larger view.
import { Download, ImagePlus, Lock, LogIn, Trash2 } from "lucide-react";
import dynamic from "next/dynamic";
import { useFormatter, useNow, useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { useCurrentUser } from "@/components/auth/use-auth";
import { useErrorMessage } from "@/components/auth/use-error-message";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { Link } from "@/components/layout/intent-link";
import { ownFileIdOf } from "@/lib/storage/file-url";
import type { PublicUser } from "@/lib/validation/auth";
import type { SavedImageView } from "@/lib/validation/gallery";
import { ToolLabel } from "./tool-labels";
import { downloadName } from "./download-name";
import { useDeleteSavedImage, useSavedImages, useStorageInfo } from "./use-gallery";

// The dialogs load when one opens: the larger view and the delete confirm on the click that opens
// them, the locked notice only for the plans that see it.
const ImageViewDialog = dynamic(() => import("./gallery-dialogs").then((module) => module.ImageViewDialog), { ssr: false });
const DeleteImageDialog = dynamic(() => import("./gallery-dialogs").then((module) => module.DeleteImageDialog), { ssr: false });
const LockedDialog = dynamic(() => import("./gallery-dialogs").then((module) => module.LockedDialog), { ssr: false });
// Share (and its dialog), only for the plans that see their images.
const ShareAction = dynamic(() => import("@/components/share/share-action").then((module) => module.ShareAction), { ssr: false });

interface GateProps {
  icon: ReactNode;
  title: string;
  body: string;
  href: string;
  action: string;
  testId?: string;
}

/** What stands in for the gallery when it cannot be shown yet: why, and the one way on. */
function Gate({ icon, title, body, href, action, testId }: GateProps) {
  return (
    <Card className="mx-auto max-w-md text-center" data-testid={testId}>
      <CardHeader>
        {icon}
        <CardTitle>{title}</CardTitle>
        <CardDescription>{body}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link href={href}>{action}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function SignInRequired() {
  const t = useTranslations("Gallery");
  const icon = <LogIn aria-hidden className="text-primary mx-auto size-10" />;
  return <Gate icon={icon} title={t("signInTitle")} body={t("signInBody")} href="/auth?returnTo=/gallery" action={t("signIn")} testId="gallery-sign-in" />;
}

function Locked() {
  const t = useTranslations("Gallery");
  const [open, setOpen] = useState(true);
  return (
    <>
      <Gate
        icon={<Lock aria-hidden className="mx-auto size-10 text-amber-500" />}
        title={t("lockedTitle")}
        body={t("lockedBody")}
        href="/subscription"
        action={t("upgrade")}
      />
      {open && <LockedDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function ImageCard({ image, onOpen, onDelete }: { image: SavedImageView; onOpen: () => void; onDelete: () => void }) {
  const t = useTranslations("Gallery");
  const format = useFormatter();
  const now = useNow({ updateInterval: 60_000 });
  const fileId = ownFileIdOf(image.imageUrl);
  return (
    <Card className="overflow-hidden" data-testid="gallery-item">
      <button type="button" onClick={onOpen} className="bg-muted block aspect-square w-full cursor-zoom-in" aria-label={t("view", { name: image.filename })}>
        {/* eslint-disable-next-line @next/next/no-img-element -- our own private file URL, already sized */}
        <img src={image.imageUrl} alt={image.originalPrompt ?? image.filename} loading="lazy" className="size-full object-contain" />
      </button>
      <CardContent className="grid gap-2 p-4">
        <div className="flex items-center justify-between gap-2">
          <ToolLabel tool={image.tool} />
          <time dateTime={image.createdAt} className="text-muted-foreground text-xs">
            {format.relativeTime(new Date(image.createdAt), now)}
          </time>
        </div>
        <p className="truncate font-medium" title={image.filename}>
          {image.filename}
        </p>
        {image.originalPrompt && <p className="text-muted-foreground line-clamp-2 text-sm">{image.originalPrompt}</p>}
        <div className="flex gap-2">
          <Button asChild size="sm" variant="outline" className="flex-1">
            <a href={image.imageUrl} download={downloadName(image)}>
              <Download aria-hidden />
              {t("download")}
            </a>
          </Button>
          {fileId && <ShareAction fileId={fileId} prompt={image.originalPrompt} size="sm" />}
          <Button size="sm" variant="ghost" onClick={onDelete} aria-label={t("deleteNamed", { name: image.filename })}>
            <Trash2 aria-hidden />
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function PaidGallery() {
  const t = useTranslations("Gallery");
  const tc = useTranslations("Common");
  const ta = useTranslations("Account");
  const describe = useErrorMessage();
  const images = useSavedImages();
  const storage = useStorageInfo();
  const remove = useDeleteSavedImage();
  const [viewing, setViewing] = useState<SavedImageView | null>(null);
  const [deleting, setDeleting] = useState<SavedImageView | null>(null);
  const info = storage.data;

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(t("deletedTitle"), { description: t("deletedBody") }),
      onError: (error) => toast.error(tc("error"), { description: describe(error) }),
    });
    setDeleting(null);
  }

  return (
    <div className="grid gap-8">
      <Card data-testid="storage-usage">
        <CardHeader className="flex-row items-center justify-between gap-4">
          <CardTitle>{t("storageTitle")}</CardTitle>
          {info && <Badge>{ta(`tier_${info.tier}`)}</Badge>}
        </CardHeader>
        <CardContent className="grid gap-2">
          <Progress value={info ? (info.storageUsed / Math.max(1, info.storageLimit)) * 100 : 0} aria-label={t("storageTitle")} />
          <p className="text-muted-foreground text-sm">{info ? t("storageUsed", { used: info.storageUsed, limit: info.storageLimit }) : "…"}</p>
        </CardContent>
      </Card>
      {images.isPending ? (
        <Spinner className="mx-auto size-8" />
      ) : !images.data?.length ? (
        <div className="text-center" data-testid="gallery-empty">
          <ImagePlus aria-hidden className="text-muted-foreground mx-auto size-12" />
          <p className="mt-3 font-semibold">{t("emptyTitle")}</p>
          <p className="text-muted-foreground text-sm">{t("emptyBody")}</p>
          <Button asChild className="mt-4">
            <Link href="/">{t("startCreating")}</Link>
          </Button>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {images.data.map((image) => (
            <ImageCard key={image.id} image={image} onOpen={() => setViewing(image)} onDelete={() => setDeleting(image)} />
          ))}
        </div>
      )}
      {viewing && <ImageViewDialog image={viewing} onClose={() => setViewing(null)} />}
      {deleting && <DeleteImageDialog image={deleting} onCancel={() => setDeleting(null)} onConfirm={confirmDelete} />}
    </div>
  );
}

const isPaid = (tier: PublicUser["tier"] | null | undefined) => tier === "essential" || tier === "pro";

/**
 * `serverTier` is the visitor's plan as the server saw it (null for a guest): the page renders per
 * request, so the right card is in the first paint. The browser's own session answer takes over once
 * it arrives; without `serverTier` a spinner waits for it.
 */
export function GalleryScreen({ serverTier }: { serverTier?: PublicUser["tier"] | null }) {
  const t = useTranslations("Gallery");
  const { data: user, isPending } = useCurrentUser();
  const known = isPending ? serverTier : user ? user.tier : null;
  const paid = isPaid(known);
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-10">
      <h1 className="mb-8 text-3xl font-bold tracking-tight">{paid ? t("yourGallery") : t("title")}</h1>
      {known === undefined ? <Spinner className="mx-auto size-8" /> : known === null ? <SignInRequired /> : paid ? <PaidGallery /> : <Locked />}
    </section>
  );
}
