"use client";
// The layout of a one-image AI tool (spec §2): heading with balance and cost; the upload, then the
// preview, then the before/after result with Save and Download; beside it the credit notice, the
// tool's own options, the action with its progress and Cancel, and the offline-engine notice.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useCurrentUser } from "@/components/auth/use-auth";
import { EngineNotice } from "@/components/imaging/engine-notice";
import { MAX_IMAGE_BYTES, TOOL_ACCEPT } from "@/components/imaging/image-dropzone";
import { ResultActions } from "@/components/imaging/result-actions";
import { Card } from "@/components/ui/card";
import { TRIAL_CREDITS } from "@/lib/credits/constants";
import { CREDIT_COSTS } from "@/lib/credits/costs";
import type { useToolBatch } from "./batch/use-tool-batch";
import { ToolCreditNotice } from "./shared-credit-notice";
import { ImageStage } from "./shared-image-stage";
import { ProcessButton } from "./shared-process-button";
import { ToolLayout } from "./tool-layout";
import { SINGLE_IMAGE_TOOLS } from "./single-image-tools";
import type { SingleImageToolState } from "./use-single-image-tool";

interface SingleImageToolProps {
  tool: SingleImageToolState;
  icon: ReactNode;
  onSubmit: () => void;
  /** The tool's options, between the credit notice and the action. */
  children: ReactNode;
  /** Offers "Make again" on the result (tools whose recipe can run again as it was). */
  madeAgain?: boolean;
  /** The result's heading, when the tool says more than "Result". */
  resultTitle?: string;
  /** For tools that take batches (useToolBatch): several files dropped at once become its rows, which
   * replace the image area, and its start button replaces the action. */
  batch?: Pick<ReturnType<typeof useToolBatch>, "add" | "stage" | "action" | "running">;
}

export function SingleImageTool(props: SingleImageToolProps) {
  const { tool, icon, onSubmit, children, madeAgain, resultTitle, batch } = props;
  const t = useTranslations(tool.namespace);
  const { data: user } = useCurrentUser();
  const { image, result, setResult, choose, operation } = tool;
  const busy = operation.busy || (batch?.running ?? false);
  const { charge, savedAs, engine, page } = SINGLE_IMAGE_TOOLS[tool.namespace];
  const busyText = t("busy", { seconds: operation.seconds });
  const cost = CREDIT_COSTS[charge];
  return (
    <ToolLayout
      title={t("title")}
      description={t("description")}
      balance={user === undefined ? undefined : t("balance", { count: user?.credits ?? 0 })}
      cost={t("cost", { count: cost })}
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        {batch?.stage ?? (
          <ImageStage
            image={image}
            resultUrl={result?.url ?? null}
            busy={busy}
            busyText={busyText}
            onImage={choose}
            onImages={batch?.add}
            onReset={() => choose(null)}
            accept={TOOL_ACCEPT}
            maxSize={MAX_IMAGE_BYTES}
            labels={{
              previewAlt: t("previewAlt"),
              resultAlt: t("resultAlt"),
              change: t("changeImage"),
              resultTitle: resultTitle ?? t("resultTitle"),
              resultHint: t("resultHint"),
            }}
            actions={
              result && (
                <ResultActions
                  url={result.url}
                  tool={savedAs}
                  prompt={madeAgain ? result.prompt : undefined}
                  variant="tool"
                  downloadLabel={t("downloadPng")}
                  onMadeAgain={madeAgain ? (made) => setResult({ ...result, url: made.result.sample }) : undefined}
                />
              )
            }
          />
        )}
        <Card className="grid gap-5 p-4 sm:p-5">
          <ToolCreditNotice user={user} guestText={t("guestNote", { credits: TRIAL_CREDITS })} signUpLabel={t("signUp")} returnTo={page} />
          {children}
          {batch?.action ?? <ProcessButton busy={busy} label={t("submit")} busyLabel={busyText} icon={icon} onClick={onSubmit} />}
          <EngineNotice operations={[engine]} />
        </Card>
      </div>
    </ToolLayout>
  );
}
