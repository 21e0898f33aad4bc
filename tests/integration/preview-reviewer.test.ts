// "Sign in as reviewer": in a preview, POST /api/preview/reviewer {plan} signs in to that plan's
// seeded account (made on first use) with a real session, counted like sign-in; elsewhere it is a 404.
import { GET as currentUser } from "@/app/api/auth/user/route";
import { GET as sessions } from "@/app/api/auth/sessions/route";
import { GET as projects } from "@/app/api/projects/route";
import { POST as reviewerSignIn } from "@/app/api/preview/reviewer/route";
import { GET as savedImages } from "@/app/api/saved-images/route";
import { db } from "@/lib/db";
import { ensureReviewer, REVIEWER_CREDITS, reviewerEmail } from "@/lib/preview/reviewers";
import { blobStore } from "@/lib/storage/store";
import { fetchFile } from "./imaging-helpers";
import { apiRequest, sessionCookieFrom, uniqueIp } from "./helpers";
import { setSettings } from "../setup/settings";

const signIn = (body: unknown, options: { ip?: string; origin?: string | null } = {}) =>
  reviewerSignIn(apiRequest("POST", "/api/preview/reviewer", { body, ...options }));
const formSignIn = (form: string) =>
  reviewerSignIn(apiRequest("POST", "/api/preview/reviewer", { rawBody: form, headers: { "content-type": "application/x-www-form-urlencoded" } }));

describe("reviewer sign-in outside a preview", () => {
  it("does not exist, whatever is asked", async () => {
    setSettings({ APP_ENV: undefined });
    const before = await db.user.count();
    for (const body of [{ plan: "pro" }, { plan: "nonsense" }, {}]) {
      const response = await signIn(body);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: "not_found" });
    }
    expect((await formSignIn("plan=pro&returnTo=/")).status).toBe(404);
    expect(setsNoSession(await signIn({ plan: "trial" }))).toBe(true);
    expect(await db.user.count()).toBe(before);
  });
});

function setsNoSession(response: Response): boolean {
  return !response.headers.getSetCookie().some((line) => line.includes("session-token="));
}

describe("reviewer sign-in in a preview", () => {
  beforeEach(() => {
    setSettings({ APP_ENV: "preview" });
  });

  it("signs in to the plan's account, with its credits, gallery and project, in a real session", async () => {
    const response = await signIn({ plan: "essential" });
    expect(response.status).toBe(200);
    const user = await response.json();
    expect(user).toMatchObject({ email: reviewerEmail("essential"), tier: "essential", emailVerified: true });
    const cookie = sessionCookieFrom(response);
    const me = await (await currentUser(apiRequest("GET", "/api/auth/user", { cookie }))).json();
    expect(me).toMatchObject({ id: user.id, tier: "essential" });
    const ledger = await db.creditTransaction.findMany({ where: { userId: user.id, operation: "preview_reviewer" } });
    expect(ledger.map((row) => row.delta)).toEqual([REVIEWER_CREDITS.essential]);
    expect(await db.subscription.count({ where: { userId: user.id, status: "active", planId: "essential" } })).toBe(1);

    const gallery = await (await savedImages(apiRequest("GET", "/api/saved-images", { cookie }))).json();
    expect(gallery).toHaveLength(3);
    const image = await fetchFile(gallery[0].imageUrl, cookie);
    expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/png"]);
    const [project] = await (await projects(apiRequest("GET", "/api/projects", { cookie }))).json();
    expect(project.state.sourceImage).toMatch(/^\/api\/files\//);
    expect((await fetchFile(project.state.sourceImage, cookie)).status).toBe(200);

    const list = await (await sessions(apiRequest("GET", "/api/auth/sessions", { cookie }))).json();
    expect(list.sessions.find((session: { current: boolean }) => session.current)).toMatchObject({ method: "reviewer" });
  });

  it("gives trial and free reviewers no gallery, as their plans keep none, but a project each", async () => {
    for (const plan of ["trial", "free"] as const) {
      const user = await (await signIn({ plan })).json();
      expect(user.tier).toBe(plan);
      expect(await db.savedImage.count({ where: { userId: user.id } })).toBe(0);
      expect(await db.project.count({ where: { userId: user.id } })).toBe(1);
    }
  });

  it("makes each reviewer once, however many sign in at the same moment", async () => {
    await db.user.deleteMany({ where: { email: reviewerEmail("pro") } });
    const answers = await Promise.all([1, 2, 3, 4].map(() => signIn({ plan: "pro" })));
    const ids = await Promise.all(answers.map(async (answer) => (await answer.json()).id));
    expect(new Set(ids).size).toBe(1);
    expect(await db.user.count({ where: { email: reviewerEmail("pro") } })).toBe(1);
    expect(await db.savedImage.count({ where: { userId: ids[0] } })).toBe(3);
    expect(await db.creditTransaction.count({ where: { userId: ids[0] } })).toBe(1);
    const again = await ensureReviewer(db, blobStore(), "pro");
    expect(again.id).toBe(ids[0]);
    expect(await db.storedFile.count({ where: { userId: ids[0] } })).toBe(4);
  });

  it("answers the sign-in screen's plain form with a redirect to where the visitor was going", async () => {
    const response = await formSignIn("plan=free&returnTo=%2Fde%2Fgallery");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("http://localhost:3000/de/gallery");
    const me = await (await currentUser(apiRequest("GET", "/api/auth/user", { cookie: sessionCookieFrom(response) }))).json();
    expect(me.email).toBe(reviewerEmail("free"));
    // Never to another site.
    expect((await formSignIn("plan=free&returnTo=%2F%2Fevil.example%2F")).headers.get("location")).toBe("http://localhost:3000/");
  });

  it("refuses a plan that is not one, and a cross-site call", async () => {
    const bad = await signIn({ plan: "platinum" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/Choose a plan/);
    expect((await signIn({ plan: "pro" }, { origin: "https://evil.example" })).status).toBe(403);
  });

  it("is limited per address like sign-in", async () => {
    setSettings({ LOGIN_MAX_FAILURES_PER_IP: "2" });
    const ip = uniqueIp();
    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt += 1) statuses.push((await signIn({ plan: "trial" }, { ip })).status);
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await signIn({ plan: "trial" }, { ip });
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await signIn({ plan: "trial" }, { ip: uniqueIp() })).status).toBe(200);
  });
});
