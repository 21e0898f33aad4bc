// /admin/users: finding an account by e-mail, id or Stripe customer id.
import { consolePage } from "@/components/admin/console-page";
import { UsersScreen } from "@/components/admin/users-screen";

const page = consolePage("usersTitle", () => <UsersScreen />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
