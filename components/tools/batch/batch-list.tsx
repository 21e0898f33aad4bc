"use client";
// A batch's files, one row each: a thumbnail (the result once there is one), the name, what is
// happening to it with a progress bar, its error and Try again; below, Download all, Add more and
// Start over. Rows stack on a phone.
import { Download, ImagePlus, RefreshCw, RotateCcw, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { acceptList, MAX_IMAGE_BYTES, useFileCheck } from "@/components/imaging/image-dropzone";
import { stageKey } from "@/components/imaging/operation-stages";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import type { BatchItem, useBatch } from "./use-batch";

const CHECKERBOARD = "bg-white bg-[repeating-conic-gradient(#e5e7eb_0%_25%,transparent_0%_50%)] bg-[length:10px_10px]";

function BatchThumbnail({ item, alt }: { item: BatchItem; alt: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  const src = item.resultUrl && broken !== item.resultUrl ? item.resultUrl : item.previewUrl;
  return (
    <div className={cn("size-14 shrink-0 overflow-hidden rounded-md border sm:size-16", CHECKERBOARD)}>
      {/* eslint-disable-next-line @next/next/no-img-element -- a local object URL or our own file, in any format */}
      <img
        src={src}
        alt={alt}
        className="size-full object-contain"
        data-testid={item.resultUrl && src === item.resultUrl ? "batch-result" : "batch-original"}
        onError={() => item.resultUrl && setBroken(item.resultUrl)}
      />
    </div>
  );
}

function BatchRow({ item, disabled, onRemove, onRetry }: { item: BatchItem; disabled: boolean; onRemove: () => void; onRetry: () => void }) {
  const t = useTranslations("Batch");
  const ti = useTranslations("Imaging");
  const name = item.file.name;
  const working = item.status === "working" || item.status === "waiting";
  let status: string;
  if (item.status === "working" && item.progress === null)
    status = item.queuePosition ? ti("stageQueuedAhead", { count: item.queuePosition }) : ti("stageQueued");
  else if (item.status === "working") status = ti(stageKey(item.stage));
  else status = t(`status_${item.status}`);
  const percent = item.status === "done" ? 100 : item.progress;
  return (
    <li className="flex items-start gap-3 py-3" data-testid="batch-row" data-status={item.status}>
      <BatchThumbnail item={item} alt={item.resultUrl ? t("resultAlt", { name }) : name} />
      <div className="grid min-w-0 flex-1 gap-1.5">
        <div className="flex items-center justify-between gap-2">
          <p className="min-w-0 truncate text-sm font-medium" title={name}>
            {name}
          </p>
          {item.status === "ready" && (
            <Button
              type="button"
              size="icon"
              variant="ghost"
              className="size-7 shrink-0"
              onClick={onRemove}
              disabled={disabled}
              aria-label={t("remove", { name })}
            >
              <X aria-hidden />
            </Button>
          )}
        </div>
        <p
          className={cn("flex items-center gap-1.5 text-xs", item.status === "failed" ? "text-destructive" : "text-muted-foreground")}
          data-testid="batch-status"
        >
          {working && <Spinner aria-hidden className="size-3" />}
          <span className="min-w-0 truncate">
            {status}
            {item.status === "working" && percent !== null && <span className="tabular-nums"> · {percent}%</span>}
          </span>
        </p>
        {item.status !== "ready" && item.status !== "failed" && (
          <Progress
            value={percent ?? undefined}
            aria-label={t("progressLabel", { name })}
            aria-valuetext={status}
            className={cn("h-1.5", percent === null && "animate-pulse")}
          />
        )}
        {item.status === "failed" && (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-destructive min-w-0 text-xs" role="alert" data-testid="batch-error">
              {item.error}
            </p>
            <Button type="button" size="sm" variant="outline" onClick={onRetry} disabled={disabled}>
              <RotateCcw aria-hidden />
              {t("retry")}
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

interface BatchListProps {
  /** The batch's rows and their removal (useBatch). */
  batch: Pick<ReturnType<typeof useBatch>, "items" | "running" | "remove" | "clear">;
  /** The files the tool takes (each at most MAX_IMAGE_BYTES). */
  accept: Record<string, string[]>;
  onAdd: (files: File[]) => void;
  onRetry: (id: string) => void;
  onDownloadAll: (items: BatchItem[]) => Promise<void>;
}

export function BatchList({ batch, accept, onAdd, onRetry, onDownloadAll }: BatchListProps) {
  const { items, running, remove: onRemove, clear: onClear } = batch;
  const t = useTranslations("Batch");
  const input = useRef<HTMLInputElement>(null);
  const [zipping, setZipping] = useState(false);
  const checkFiles = useFileCheck(accept, MAX_IMAGE_BYTES);
  const done = items.filter((item) => item.status === "done").length;

  async function downloadAll() {
    setZipping(true);
    try {
      await onDownloadAll(items);
    } finally {
      setZipping(false);
    }
  }

  return (
    <Card className="grid gap-2 p-3 sm:p-4" data-testid="batch-list">
      <div className="flex flex-wrap items-baseline justify-between gap-2 px-1">
        <h2 className="text-lg font-semibold">{t("title", { count: items.length })}</h2>
        <p role="status" aria-live="polite" className="text-muted-foreground text-sm tabular-nums" data-testid="batch-summary">
          {t("summary", { done, total: items.length })}
        </p>
      </div>
      <ul className="divide-y px-1">
        {items.map((item) => (
          <BatchRow key={item.id} item={item} disabled={running} onRemove={() => onRemove(item.id)} onRetry={() => onRetry(item.id)} />
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={() => void downloadAll()} disabled={done === 0 || running || zipping} className="grow sm:grow-0" data-testid="batch-download-all">
          {zipping ? <Spinner aria-hidden /> : <Download aria-hidden />}
          {zipping ? t("zipping") : t("downloadAll", { count: done })}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept={acceptList(accept)}
          className="sr-only"
          tabIndex={-1}
          aria-label={t("addMore")}
          onChange={(event) => {
            const accepted = checkFiles(Array.from(event.currentTarget.files ?? []), true);
            if (accepted.length > 0) onAdd(accepted);
            event.currentTarget.value = "";
          }}
        />
        <Button variant="outline" onClick={() => input.current?.click()} disabled={running}>
          <ImagePlus aria-hidden />
          {t("addMore")}
        </Button>
        <Button variant="outline" onClick={onClear} disabled={running}>
          <RefreshCw aria-hidden />
          {t("startOver")}
        </Button>
      </div>
    </Card>
  );
}
