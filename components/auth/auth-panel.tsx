"use client";
// Sign In and Sign Up tabs with the federated buttons; used by the /auth screen and the header dialog.
import { useTranslations } from "next-intl";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { OAuthButtons } from "./oauth-buttons";
import { SignInForm } from "./sign-in-form";
import { SignUpForm } from "./sign-up-form";

export type AuthMode = "signin" | "signup";

interface AuthPanelProps {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onSuccess?: () => void;
  returnTo?: string;
}

export function AuthPanel({ mode, onModeChange, onSuccess, returnTo }: AuthPanelProps) {
  const t = useTranslations("Auth");
  return (
    <Tabs value={mode} onValueChange={(value) => onModeChange(value as AuthMode)} className="grid gap-5">
      <TabsList className="grid w-full grid-cols-2">
        <TabsTrigger value="signin">{t("signInTab")}</TabsTrigger>
        <TabsTrigger value="signup">{t("signUpTab")}</TabsTrigger>
      </TabsList>
      <TabsContent value="signin" className="grid gap-4">
        <SignInForm onSuccess={onSuccess} />
        <p className="text-muted-foreground text-center text-sm">
          {t("noAccount")}{" "}
          <button type="button" className="text-primary font-medium hover:underline" onClick={() => onModeChange("signup")}>
            {t("createOne")}
          </button>
        </p>
      </TabsContent>
      <TabsContent value="signup" className="grid gap-4">
        <SignUpForm onSuccess={onSuccess} />
        <p className="text-muted-foreground text-center text-sm">
          {t("haveAccount")}{" "}
          <button type="button" className="text-primary font-medium hover:underline" onClick={() => onModeChange("signin")}>
            {t("signInInstead")}
          </button>
        </p>
      </TabsContent>
      <div className="text-muted-foreground flex items-center gap-3 text-xs uppercase">
        <span className="bg-border h-px flex-1" />
        {t("or")}
        <span className="bg-border h-px flex-1" />
      </div>
      <OAuthButtons returnTo={returnTo} />
    </Tabs>
  );
}
