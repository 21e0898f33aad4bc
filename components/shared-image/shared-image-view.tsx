// A share link's page as anyone sees it: the picture, the owner's caption and prompt when given, the
// AI label, "Made with Pictura", a link to check its Content Credentials, and "Report". Server-rendered
// with plain links and a plain image: a viewer downloads no script of ours.
import { ShieldCheck, Sparkles } from "lucide-react";
import type { PublicShare } from "@/lib/shares/public-share";

/** The texts the view shows, in the viewer's language (the Share namespace). */
export interface SharedImageTexts {
  title: string;
  imageAlt: string;
  aiLabel: string | null;
  promptHeading: string;
  madeWith: string;
  verify: string;
  report: string;
}

export interface SharedImageLinks {
  home: string;
  verify: string;
  report: string;
}

type Shown = Pick<PublicShare, "imageUrl" | "width" | "height" | "caption" | "prompt">;

export function SharedImageView({ share, texts, links }: { share: Shown; texts: SharedImageTexts; links: SharedImageLinks }) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-4xl flex-col gap-5 px-4 py-5 sm:px-6 sm:py-8">
      <header className="flex items-center justify-between gap-3">
        <a href={links.home} className="flex items-center gap-2 font-semibold">
          <span aria-hidden className="from-primary flex size-8 items-center justify-center rounded-lg bg-gradient-to-br to-fuchsia-500 text-white">
            <Sparkles className="size-4" />
          </span>
          {texts.madeWith}
        </a>
      </header>
      <figure className="grid gap-3">
        {/* eslint-disable-next-line @next/next/no-img-element -- the share's own copy, sized by its attributes; next/image would add client script */}
        <img
          src={share.imageUrl}
          alt={texts.imageAlt}
          width={share.width ?? undefined}
          height={share.height ?? undefined}
          fetchPriority="high"
          className="bg-muted mx-auto h-auto max-h-[80dvh] w-auto max-w-full rounded-lg object-contain shadow-sm"
        />
        <figcaption className="grid gap-2">
          <h1 className="text-xl font-semibold break-words sm:text-2xl">{texts.title}</h1>
          {texts.aiLabel && (
            <p className="bg-secondary text-secondary-foreground w-fit rounded-full px-3 py-1 text-sm font-medium" data-testid="ai-label">
              {texts.aiLabel}
            </p>
          )}
        </figcaption>
      </figure>
      {share.prompt && (
        <section className="bg-muted/60 grid gap-1 rounded-lg p-4">
          <h2 className="text-muted-foreground text-sm font-medium">{texts.promptHeading}</h2>
          <p className="break-words whitespace-pre-line">{share.prompt}</p>
        </section>
      )}
      <footer className="text-muted-foreground mt-auto flex flex-wrap items-center gap-x-6 gap-y-2 border-t pt-4 text-sm">
        <a href={links.verify} className="hover:text-foreground inline-flex min-h-11 items-center gap-1.5 underline-offset-4 hover:underline">
          <ShieldCheck aria-hidden className="size-4" />
          {texts.verify}
        </a>
        <a href={links.report} rel="nofollow" className="hover:text-foreground inline-flex min-h-11 items-center underline-offset-4 hover:underline">
          {texts.report}
        </a>
      </footer>
    </main>
  );
}
