import sharp from "sharp";
import { GET as getProject, PUT as putProject } from "@/app/api/projects/[id]/route";
import { GET as listProjects, POST as createProject } from "@/app/api/projects/route";
import { GET as recent } from "@/app/api/operations/recent/route";
import { POST as generate } from "@/app/api/flux/generate/route";
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

  it("offers the user's recent editor results, newest first", async () => {
    const { cookie } = await signedInUser();
    await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "first" } }));
    await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "second" } }));
    const results = await (await recent(apiRequest("GET", "/api/operations/recent", { cookie }))).json();
    expect(results.map((result: { prompt: string }) => result.prompt)).toEqual(["second", "first"]);
    expect(results[0].imageUrl).toMatch(/^\/api\/files\//);
  });
});
