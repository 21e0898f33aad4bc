"use client";
// What a paid tool says about credits before anyone clicks: a guest learns that signing up gives
// credits, a signed-in user running low sees the credit banner with the way to get more.
import { Gift } from "lucide-react";
import { CreditBanner, LOW_CREDIT_THRESHOLD } from "@/components/credits/credit-banner";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/layout/intent-link";
import { cn } from "@/lib/cn";
import type { PublicUser } from "@/lib/validation/auth";

interface ToolCreditNoticeProps {
  /** Undefined while the user is still loading: the guest note holds its place unseen, so that a
   * guest's page does not shift when it shows, rather than flash it at a signed-in user. */
  user: PublicUser | null | undefined;
  guestText: string;
  signUpLabel: string;
  /** The tool's own path, so signing up comes back to it. */
  returnTo: string;
}

export function ToolCreditNotice({ user, guestText, signUpLabel, returnTo }: ToolCreditNoticeProps) {
  if (user === null || user === undefined) {
    const loading = user === undefined;
    return (
      <div
        className={cn("border-primary/30 bg-primary/5 flex flex-wrap items-center gap-3 rounded-lg border px-4 py-3 text-sm", loading && "invisible")}
        aria-hidden={loading || undefined}
        data-testid={loading ? undefined : "tool-guest-note"}
      >
        <Gift aria-hidden className="text-primary size-5 shrink-0" />
        <p className="min-w-0 flex-1">{guestText}</p>
        <Button asChild size="sm">
          <Link href={`/auth?mode=signup&returnTo=${encodeURIComponent(returnTo)}`}>{signUpLabel}</Link>
        </Button>
      </div>
    );
  }
  return user.credits <= LOW_CREDIT_THRESHOLD ? <CreditBanner credits={user.credits} /> : null;
}
