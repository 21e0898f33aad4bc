"use client";
// The header menu itself: Gallery, Account, Upgrade (signed out), the legal and developer pages, and Logout
// (signed in). Loaded and mounted by the first press of the menu button, so it starts open (see user-menu.tsx).
import { Menu } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { Link } from "@/components/layout/intent-link";
import { useRouter } from "@/lib/i18n/navigation";
import { useLogout } from "@/components/auth/use-auth";

export function UserMenuDropdown({ signedIn }: { signedIn: boolean }) {
  const t = useTranslations("Header");
  const logout = useLogout();
  const router = useRouter();
  // Controlled, so the menu stays open to show "Signing out..." and closes when that is done.
  const [open, setOpen] = useState(true);
  const links = [
    { href: "/gallery", label: t("gallery") },
    { href: "/account", label: t("account") },
    ...(signedIn ? [] : [{ href: "/subscription", label: t("upgrade") }]),
  ];
  const legal = [
    { href: "/privacy", label: t("privacy") },
    { href: "/terms", label: t("terms") },
    { href: "/contact", label: t("contact") },
    { href: "/developers", label: t("developers") },
  ];

  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="max-sm:size-9" aria-label={t("menu")}>
          <Menu className="size-5" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        {links.map((link) => (
          <DropdownMenuItem key={link.href} asChild>
            <Link href={link.href}>{link.label}</Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        {legal.map((link) => (
          <DropdownMenuItem key={link.href} asChild>
            <Link href={link.href}>{link.label}</Link>
          </DropdownMenuItem>
        ))}
        {signedIn && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem
              disabled={logout.isPending}
              onSelect={(event) => {
                event.preventDefault();
                logout.mutate(undefined, {
                  onSuccess: () => router.push("/"),
                  onSettled: () => setOpen(false),
                });
              }}
            >
              {logout.isPending ? t("signingOut") : t("logout")}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
