// One mail of the preview's outbox: subject, recipient, time and its plain-text part, with every web
// address in it a link. The HTML part is never rendered: the text is ours, but fields such as the
// recipient's name come from users, and React's text escaping is the sanitizer here.
import { getFormatter, getTranslations } from "next-intl/server";
import type { OutboxMail } from "@/lib/generated/prisma/client";
import { splitLinks } from "@/lib/preview/text-links";

export async function OutboxMailCard({ mail }: { mail: OutboxMail }) {
  const t = await getTranslations("PreviewOutbox");
  const format = await getFormatter();
  return (
    <li className="bg-card rounded-lg border p-4 shadow-sm" data-testid="outbox-mail">
      <h2 className="font-semibold">{mail.subject}</h2>
      <p className="text-muted-foreground mt-1 text-sm">
        {t("to", { address: mail.to })} · {t("sentAt", { date: format.dateTime(mail.createdAt, { dateStyle: "medium", timeStyle: "medium" }) })}
      </p>
      <p className="mt-3 text-sm break-words whitespace-pre-wrap">
        {splitLinks(mail.text).map((part, index) =>
          part.kind === "link" ? (
            <a key={index} href={part.href} className="text-primary break-all underline">
              {part.text}
            </a>
          ) : (
            part.text
          ),
        )}
      </p>
    </li>
  );
}
