import { GET as google } from "@/app/api/auth/google/route";
import { GET as apple } from "@/app/api/auth/apple/route";
import { GET as loginRedirect } from "@/app/api/login/route";
import { apiRequest } from "./helpers";

describe("browser sign-in redirects", () => {
  it("GET /api/login sends the browser to the sign-in screen, keeping a same-site return path", async () => {
    const response = await loginRedirect(apiRequest("GET", "/api/login?returnTo=%2Fsubscription"));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("http://localhost:3000/auth?returnTo=%2Fsubscription");
  });

  it("GET /api/login drops a return URL that points to another site", async () => {
    const response = await loginRedirect(apiRequest("GET", "/api/login?returnTo=https%3A%2F%2Fevil.example"));
    expect(response.headers.get("location")).toBe("http://localhost:3000/auth");
    const protocolRelative = await loginRedirect(apiRequest("GET", "/api/login?returnTo=%2F%2Fevil.example"));
    expect(protocolRelative.headers.get("location")).toBe("http://localhost:3000/auth");
  });

  it.each([
    ["google", google],
    ["apple", apple],
  ])("GET /api/auth/%s without keys returns to /auth with a clear reason", async (provider, handler) => {
    const response = await handler(apiRequest("GET", `/api/auth/${provider}`));
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location")!);
    expect(location.pathname).toBe("/auth");
    expect(location.searchParams.get("error")).toBe("provider_unavailable");
    expect(location.searchParams.get("provider")).toBe(provider);
  });
});
