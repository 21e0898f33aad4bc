import { redirectToProvider } from "@/lib/auth/oauth-redirect";

export const GET = (request: Request) => redirectToProvider(request, "google");
