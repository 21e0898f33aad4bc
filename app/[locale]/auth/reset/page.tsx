import { ResetPasswordScreen } from "@/components/auth/reset-password-screen";
import { tokenPage } from "@/components/layout/screen-page";
import { mailAvailable } from "@/lib/mail/mailer";

const page = tokenPage("/auth/reset", "PasswordReset", ResetPasswordScreen, "resetPassword", () => ({ mailAvailable: mailAvailable() }));
export const generateMetadata = page.generateMetadata;
export default page.Page;
