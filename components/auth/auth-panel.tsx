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

/** The line under a form that offers the other one ("No account? Create one"). */
function SwitchMode({ question, action, onSwitch }: { question: string; action: string; onSwitch: () => void }) {
  return (
    <p className="text-muted-foreground text-center text-sm">
      {question}{" "}
      <button type="button" className="text-primary font-medium hover:underline" onClick={onSwitch}>
        {action}
      </button>
    </p>
  );
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
        <SwitchMode question={t("noAccount")} action={t("createOne")} onSwitch={() => onModeChange("signup")} />
      </TabsContent>
      <TabsContent value="signup" className="grid gap-4">
        <SignUpForm onSuccess={onSuccess} />
        <SwitchMode question={t("haveAccount")} action={t("signInInstead")} onSwitch={() => onModeChange("signin")} />
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
