import { FluxRemovalScreen } from "@/components/tools/flux-removal/flux-removal-screen";
import { toolLandingPage } from "@/components/landing/tool-landing-page";

const page = toolLandingPage("fluxRemoval", FluxRemovalScreen, "fluxRemoval");
export const generateMetadata = page.generateMetadata;
export default page.Page;
