import { FluxRemovalScreen } from "@/components/tools/flux-removal/flux-removal-screen";
import { screenPage } from "@/components/layout/screen-page";

const page = screenPage("/flux-removal", "fluxRemovalTitle", FluxRemovalScreen, "fluxRemoval");
export const generateMetadata = page.generateMetadata;
export default page.Page;
