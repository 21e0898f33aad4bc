"use client";
// The Text Elements list (spec §2): every text on the image, to select one (which opens its
// properties) or remove it, also when a box is hard to reach on the photo.
import { Type, X } from "lucide-react";
import { useTranslations } from "next-intl";
import type { Dispatch } from "react";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import type { TextElement } from "@/lib/text-overlay/elements";
import type { OverlayAction } from "@/lib/text-overlay/state";

interface TextElementsListProps {
  elements: TextElement[];
  selectedId: string | null;
  dispatch: Dispatch<OverlayAction>;
}

export function TextElementsList({ elements, selectedId, dispatch }: TextElementsListProps) {
  const t = useTranslations("TextOverlay");
  return (
    <SectionCard data-testid="text-elements" title={t("elementsTitle")}>
      {elements.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t("elementsEmpty")}</p>
      ) : (
        <ul className="grid gap-2">
          {elements.map((element) => (
            <li key={element.id} className={cn("flex items-center gap-1 rounded-md border", element.id === selectedId && "border-primary bg-primary/5")}>
              <button
                type="button"
                aria-pressed={element.id === selectedId}
                onClick={() => dispatch({ type: "select", id: element.id })}
                className="focus-visible:ring-ring flex min-w-0 flex-1 cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-left text-sm outline-none focus-visible:ring-2"
              >
                <Type aria-hidden className="text-muted-foreground size-4 shrink-0" />
                <span className="truncate">{element.text}</span>
              </button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t("removeNamed", { text: element.text })}
                onClick={() => dispatch({ type: "remove", id: element.id })}
              >
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
