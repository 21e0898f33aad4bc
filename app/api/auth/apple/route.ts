import { redirectToProvider } from "@/lib/auth/oauth-redirect";
import { previewAware } from "@/lib/preview/api-guard";

export const GET = previewAware((request: Request) => redirectToProvider(request, "apple"));
