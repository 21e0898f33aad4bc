import { redirectToProvider } from "@/lib/http/oauth-redirect";
import { previewAware } from "@/lib/http/preview-guard";

export const GET = previewAware((request: Request) => redirectToProvider(request, "google"));
