// Nothing a project shows expires: storage cleanup keeps every file a project or a saved image refers
// to, whatever its age, and still removes old files nothing refers to.
import sharp from "sharp";
import { PUT as putProject } from "@/app/api/projects/[id]/route";
import { POST as createProject } from "@/app/api/projects/route";
import { DELETE as deleteImage } from "@/app/api/saved-images/[id]/route";
import { POST as saveImage } from "@/app/api/saved-images/route";
import { db } from "@/lib/db";
import { deleteExpiredFiles } from "@/lib/storage/cleanup";
import { fileUrl, storeImage } from "@/lib/storage/files";
import { blobStore } from "@/lib/storage/store";
import { apiRequest, signedInUser } from "./helpers";
import { dataUrl, fetchFile } from "./imaging-helpers";

jest.setTimeout(60_000);

const params = (id: string) => ({ params: Promise.resolve({ id }) });
const LONG_AGO = new Date(Date.now() - 400 * 86_400_000);

async function result(userId: string, colour: string) {
  const buffer = await sharp({ create: { width: 4, height: 4, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return storeImage({ buffer, contentType: "image/png", width: 4, height: 4 }, { userId, isPrivate: true, ttlDays: 30 });
}

const expire = (id: string) => db.storedFile.update({ where: { id }, data: { expiresAt: LONG_AGO } });
const exists = async (id: string) => (await db.storedFile.count({ where: { id } })) === 1;

describe("storage cleanup and projects", () => {
  it("keeps every file a project shows, however old, and removes an old file nothing shows", async () => {
    const { user, cookie } = await signedInUser();
    const shown = await result(user.id, "#101010");
    const inHistory = await result(user.id, "#202020");
    const orphan = await result(user.id, "#303030");
    const upload = await sharp({ create: { width: 3, height: 3, channels: 3, background: "#404040" } })
      .png()
      .toBuffer();
    const state = {
      sourceImage: dataUrl(upload),
      resultImage: fileUrl(shown),
      history: [{ prompt: "a lake", mode: "generate", resultUrl: fileUrl(inHistory), at: "now" }],
    };
    const project = await (await createProject(apiRequest("POST", "/api/projects", { cookie, body: { state } }))).json();
    const sourceId = (project.state.sourceImage as string).split("/").pop()!;
    for (const id of [shown.id, inHistory.id, orphan.id, sourceId]) await expire(id);

    await deleteExpiredFiles();
    for (const id of [shown.id, inHistory.id, sourceId]) {
      expect(await exists(id)).toBe(true);
      expect((await fetchFile(`/api/files/${id}`, cookie)).status).toBe(200);
    }
    expect(await exists(orphan.id)).toBe(false);
    expect(await blobStore().get(orphan.storageKey)).toBeNull();
    expect((await fetchFile(fileUrl(orphan), cookie)).status).toBe(404);

    // Once the project no longer shows a file, it expires as any other.
    const saved = await putProject(
      apiRequest("PUT", `/api/projects/${project.id}`, { cookie, body: { state: { ...project.state, history: [] } } }),
      params(project.id),
    );
    expect(saved.status).toBe(200);
    expect((await fetchFile(fileUrl(inHistory), cookie)).status).toBe(404);
    await deleteExpiredFiles();
    expect(await exists(inHistory.id)).toBe(false);
    expect(await exists(shown.id)).toBe(true);
  });

  it("never deletes a file a project is saving a reference to while cleanup runs", async () => {
    const { user } = await signedInUser();
    const file = await result(user.id, "#505050");
    await expire(file.id);
    const project = await db.project.create({ data: { userId: user.id, name: "Racing", state: { resultImage: fileUrl(file), history: [] } } });
    let cleanupDone: Promise<number> | undefined;
    await db.$transaction(async (tx) => {
      await tx.projectFile.create({ data: { projectId: project.id, fileId: file.id } });
      // The reference is written but not yet committed; cleanup runs beside it on another connection.
      cleanupDone = deleteExpiredFiles();
      await cleanupDone;
    });
    await cleanupDone;
    expect(await exists(file.id)).toBe(true);
    expect(await blobStore().get(file.storageKey)).not.toBeNull();
    await deleteExpiredFiles();
    expect(await exists(file.id)).toBe(true);
  });

  it("keeps a gallery copy forever, and a file a project shows when its gallery entry is deleted", async () => {
    const { user, cookie } = await signedInUser({ tier: "pro" });
    const source = await result(user.id, "#606060");
    const response = await saveImage(
      apiRequest("POST", "/api/saved-images", { cookie, body: { imageUrl: fileUrl(source), tool: "text_to_image", filename: "Keep" } }),
    );
    const image = (await response.json()).image as { id: string; imageUrl: string };
    const copyId = image.imageUrl.split("/").pop()!;
    await expire(copyId);
    await deleteExpiredFiles();
    expect(await exists(copyId)).toBe(true);

    await db.storedFile.update({ where: { id: copyId }, data: { expiresAt: null } });
    const project = await (await createProject(apiRequest("POST", "/api/projects", { cookie, body: { state: { resultImage: image.imageUrl } } }))).json();
    expect((await deleteImage(apiRequest("DELETE", `/api/saved-images/${image.id}`, { cookie }), params(image.id))).status).toBe(200);
    await deleteExpiredFiles();
    expect((await fetchFile(project.state.resultImage, cookie)).status).toBe(200);
  });
});
