// Card surface and its header/title/description/content/footer sections.
import * as React from "react";

import { slotted } from "./slotted";

export const Card = slotted("div", "card", "rounded-xl border border-border bg-card text-card-foreground shadow-sm");
export const CardHeader = slotted("div", "card-header", "flex flex-col gap-1.5 p-6");
export const CardTitle = slotted("div", "card-title", "text-lg font-semibold leading-tight tracking-tight");
export const CardDescription = slotted("div", "card-description", "text-sm text-muted-foreground");
export const CardContent = slotted("div", "card-content", "p-6 pt-0");
export const CardFooter = slotted("div", "card-footer", "flex items-center p-6 pt-0");

interface SectionCardProps extends Omit<React.ComponentProps<"div">, "title"> {
  title: React.ReactNode;
  description?: React.ReactNode;
  titleClassName?: string;
  contentClassName?: string;
}

/** A card that is one section of a page: its title, an optional description, and its content. */
export function SectionCard({ title, description, titleClassName, contentClassName, children, ...props }: SectionCardProps) {
  return (
    <Card {...props}>
      <CardHeader>
        <CardTitle className={titleClassName}>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
