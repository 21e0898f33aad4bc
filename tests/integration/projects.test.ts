import sharp from "sharp";
import { GET as getProject, PUT as putProject } from "@/app/api/projects/[id]/route";
import { GET as listProjects, POST as createProject } from "@/app/api/projects/route";
import { GET as recent } from "@/app/api/operations/recent/route";
import { POST as generate } from "@/app/api/flux/generate/route";
import { db } from "@/lib/db";
import { deleteExpiredFiles } from "@/lib/storage/cleanup";
import { fileUrl, storeImage } from "@/lib/storage/files";
import { apiRequest, signedInUser } from "./helpers";
import { dataUrl, fetchFile } from "./imaging-helpers";
import { withImageWorker } from "./image-worker";

withImageWorker();

const params = (id: string) => ({ params: Promise.resolve({ id }) });

describe("editor projects", () => {
  it("creates, lists, loads and saves a user's project, storing an uploaded source as our own file", async () => {
    const { cookie } = await signedInUser();
    const created = await createProject(apiRequest("POST", "/api/projects", { cookie, body: { name: "Holiday" } }));
    expect(created.status).toBe(201);
    const project = await created.json();
    expect(project).toMatchObject({ name: "Holiday", state: { sourceImage: null, resultImage: null, history: [], aspectRatio: "square" } });

    const png = await sharp({ create: { width: 6, height: 4, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    const generated = await (await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "a lake" } }))).json();
    const state = {
      sourceImage: dataUrl(png),
      sourceWidth: 6,
      sourceHeight: 4,
      resultImage: generated.result.sample,
      aspectRatio: "portrait",
      history: [{ prompt: "a lake", mode: "generate", resultUrl: generated.result.sample, at: new Date().toISOString() }],
    };
    const saved = await (await putProject(apiRequest("PUT", `/api/projects/${project.id}`, { cookie, body: { state } }), params(project.id))).json();
    expect(saved.state.sourceImage).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{24}$/);
    expect(saved.state).toMatchObject({ resultImage: generated.result.sample, aspectRatio: "portrait", history: [{ prompt: "a lake" }] });
    const source = await fetchFile(saved.state.sourceImage, cookie);
    expect((await sharp(Buffer.from(await source.arrayBuffer())).metadata()).width).toBe(6);

    const loaded = await (await getProject(apiRequest("GET", `/api/projects/${project.id}`, { cookie }), params(project.id))).json();
    expect(loaded.state).toEqual(saved.state);
    const all = await (await listProjects(apiRequest("GET", "/api/projects", { cookie }))).json();
    expect(all.map((item: { id: string }) => item.id)).toEqual([project.id]);
  });

  it("keeps projects to their owner and refuses other people's files inside them", async () => {
    const owner = await signedInUser();
    const project = await (await createProject(apiRequest("POST", "/api/projects", { cookie: owner.cookie, body: {} }))).json();
    expect(project.name).toBe("Project 1");
    const stranger = await signedInUser();
    expect((await getProject(apiRequest("GET", `/api/projects/${project.id}`, { cookie: stranger.cookie }), params(project.id))).status).toBe(404);
    const overwrite = await putProject(apiRequest("PUT", `/api/projects/${project.id}`, { cookie: stranger.cookie, body: { state: {} } }), params(project.id));
    expect(overwrite.status).toBe(404);

    const ownersResult = (await (await generate(apiRequest("POST", "/api/flux/generate", { cookie: owner.cookie, body: { prompt: "a hill" } }))).json()).result
      .sample;
    const mine = await (await createProject(apiRequest("POST", "/api/projects", { cookie: stranger.cookie, body: {} }))).json();
    const borrowed = await putProject(
      apiRequest("PUT", `/api/projects/${mine.id}`, { cookie: stranger.cookie, body: { state: { resultImage: ownersResult } } }),
      params(mine.id),
    );
    expect(borrowed.status).toBe(400);
    const foreign = await putProject(
      apiRequest("PUT", `/api/projects/${mine.id}`, { cookie: stranger.cookie, body: { state: { sourceImage: "https://example.com/a.png" } } }),
      params(mine.id),
    );
    expect(foreign.status).toBe(400);
    expect((await listProjects(apiRequest("GET", "/api/projects"))).status).toBe(401);
  });

  it("copies a guest's result it refers to, and never keeps a guest's file alive or brings back an expired one", async () => {
    const { user, cookie } = await signedInUser();
    const pixels = await sharp({ create: { width: 6, height: 4, channels: 3, background: "#204060" } })
      .png()
      .toBuffer();
    // A guest's result: public, gone after its day.
    const guestFile = await storeImage({ buffer: pixels, contentType: "image/png", width: 6, height: 4 }, { userId: null, isPrivate: false, ttlDays: 1 });
    const project = await (await createProject(apiRequest("POST", "/api/projects", { cookie, body: {} }))).json();
    const saved = await putProject(
      apiRequest("PUT", `/api/projects/${project.id}`, { cookie, body: { state: { resultImage: fileUrl(guestFile) } } }),
      params(project.id),
    );
    expect(saved.status).toBe(200);
    const copyUrl: string = (await saved.json()).state.resultImage;
    expect(copyUrl).not.toBe(fileUrl(guestFile));
    const copy = await db.storedFile.findUniqueOrThrow({ where: { id: copyUrl.replace("/api/files/", "") } });
    expect(copy).toMatchObject({ userId: user.id, isPrivate: true });
    expect(Buffer.from(await (await fetchFile(copyUrl, cookie)).arrayBuffer()).equals(pixels)).toBe(true);

    // Cached no longer than it lives: no cache may serve it after its day.
    const caching = (await fetchFile(fileUrl(guestFile))).headers.get("cache-control")!;
    expect(Number(/max-age=(\d+)/.exec(caching)![1])).toBeLessThanOrEqual(86_400);
    // Its day is up: the guest's file is gone for everyone, and no project can name it again.
    await db.storedFile.update({ where: { id: guestFile.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await fetchFile(fileUrl(guestFile))).status).toBe(404);
    const again = await putProject(
      apiRequest("PUT", `/api/projects/${project.id}`, { cookie, body: { state: { resultImage: fileUrl(guestFile) } } }),
      params(project.id),
    );
    expect(again.status).toBe(400);
    expect((await fetchFile(copyUrl, cookie)).status).toBe(200);
  });

  it("lets no other account's project keep a short-lived file: it expires on time and cleanup takes it", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const pixels = await sharp({ create: { width: 3, height: 3, channels: 3, background: "#aa3300" } })
      .png()
      .toBuffer();
    const guestFile = await storeImage({ buffer: pixels, contentType: "image/png", width: 3, height: 3 }, { userId: null, isPrivate: false, ttlDays: 1 });
    const ownersResult = await storeImage(
      { buffer: pixels, contentType: "image/png", width: 3, height: 3 },
      { userId: owner.user.id, isPrivate: false, ttlDays: 1 },
    );
    // References another account's project holds (as projects could hold before they copied).
    const stranger = await db.project.create({ data: { userId: other.user.id, name: "Borrowed", state: {} } });
    await db.projectFile.createMany({ data: [guestFile.id, ownersResult.id].map((fileId) => ({ projectId: stranger.id, fileId })) });
    const past = new Date(Date.now() - 1000);
    await db.storedFile.updateMany({ where: { id: { in: [guestFile.id, ownersResult.id] } }, data: { expiresAt: past } });

    expect((await fetchFile(fileUrl(guestFile))).status).toBe(404);
    expect((await fetchFile(fileUrl(ownersResult), owner.cookie)).status).toBe(404);
    await deleteExpiredFiles({ now: new Date() });
    expect(await db.storedFile.count({ where: { id: { in: [guestFile.id, ownersResult.id] } } })).toBe(0);
    expect(await db.projectFile.count({ where: { projectId: stranger.id } })).toBe(0);
  });

  it("offers the user's recent editor results, newest first", async () => {
    const { cookie } = await signedInUser();
    await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "first" } }));
    await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "second" } }));
    const results = await (await recent(apiRequest("GET", "/api/operations/recent", { cookie }))).json();
    expect(results.map((result: { prompt: string }) => result.prompt)).toEqual(["second", "first"]);
    expect(results[0].imageUrl).toMatch(/^\/api\/files\//);
  });

  it("offers results of every tool, so work a crash cut off can be found again, and filters by kind", async () => {
    const { user, cookie } = await signedInUser();
    const pixels = await sharp({ create: { width: 4, height: 4, channels: 4, background: "#00000000" } })
      .png()
      .toBuffer();
    for (const kind of ["background_removal", "cartoon_style", "segment"] as const) {
      const file = await storeImage({ buffer: pixels, contentType: "image/png", width: 4, height: 4 }, { userId: user.id, isPrivate: true, ttlDays: 30 });
      await db.operation.create({ data: { userId: user.id, kind, provider: "local", status: "succeeded", resultFileId: file.id, completedAt: new Date() } });
    }
    const all = await (await recent(apiRequest("GET", "/api/operations/recent", { cookie }))).json();
    expect(all.map((result: { kind: string }) => result.kind).sort()).toEqual(["background_removal", "cartoon_style"]);
    const one = await (await recent(apiRequest("GET", "/api/operations/recent?kind=cartoon_style", { cookie }))).json();
    expect(one.map((result: { kind: string }) => result.kind)).toEqual(["cartoon_style"]);
    expect((await recent(apiRequest("GET", "/api/operations/recent?kind=segment", { cookie }))).status).toBe(400);
  });
});
