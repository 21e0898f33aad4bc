"use client";
// The console's tabs: its four screens, the current one marked, and the job queue's own dashboard
// (served beside the app at /admin/queue, not a page of ours, so an ordinary link). Scrolls sideways
// on a narrow phone instead of widening the page.
import { Link } from "@/components/layout/intent-link";
import { usePathname } from "@/lib/i18n/navigation";
import { cn } from "@/lib/cn";

interface ConsoleNavProps {
  label: string;
  links: Array<{ href: string; label: string }>;
  queue: { href: string; label: string };
}

const tab = "shrink-0 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground";

export function ConsoleNav({ label, links, queue }: ConsoleNavProps) {
  const pathname = usePathname();
  const current = (href: string) => (href === "/admin" ? pathname === href : pathname === href || pathname.startsWith(`${href}/`));
  return (
    <nav aria-label={label} className="border-border mb-6 flex gap-1 overflow-x-auto border-b pb-2">
      {links.map((link) => (
        <Link key={link.href} href={link.href} aria-current={current(link.href) ? "page" : undefined} className={cn(tab, current(link.href) && "bg-accent")}>
          {link.label}
        </Link>
      ))}
      <a href={queue.href} className={cn(tab, "text-muted-foreground")}>
        {queue.label}
      </a>
    </nav>
  );
}
