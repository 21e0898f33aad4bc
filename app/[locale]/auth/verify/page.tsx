import { VerifyEmailScreen } from "@/components/auth/verify-email-screen";
import { tokenPage } from "@/components/layout/screen-page";

const page = tokenPage("/auth/verify", "EmailVerification", VerifyEmailScreen, "verifyEmail");
export const generateMetadata = page.generateMetadata;
export default page.Page;
