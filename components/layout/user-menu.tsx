"use client";
// The header's menu button; the menu itself loads on first use.
import { Menu } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { LazyMenu } from "./lazy-menu";

const loadMenu = () => import("./user-menu-dropdown").then((module) => module.UserMenuDropdown);

export function UserMenu({ signedIn }: { signedIn: boolean }) {
  const t = useTranslations("Header");
  return (
    <LazyMenu
      load={loadMenu}
      props={{ signedIn }}
      placeholder={(handlers) => (
        <Button variant="ghost" size="icon" className="max-sm:size-9" aria-label={t("menu")} aria-haspopup="menu" {...handlers}>
          <Menu className="size-5" />
        </Button>
      )}
    />
  );
}
