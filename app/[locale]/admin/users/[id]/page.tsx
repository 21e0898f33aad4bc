// /admin/users/{id}: one account, and what an operator can do to it.
import { consolePage } from "@/components/admin/console-page";
import { UserDetailScreen } from "@/components/admin/user-detail-screen";

const page = consolePage("userTitle", ({ id }: { locale: string; id: string }) => <UserDetailScreen userId={id} />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
