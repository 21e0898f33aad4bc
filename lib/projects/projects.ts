// Editor projects: a user's work (source image, current result, prompt history) saved so that
// /editor/{projectId} brings it back. A fresh upload inside the state is stored as our own file, and
// a readable file of someone else's is copied into one, so a project never holds image bytes in its
// row and only ever shows its owner's files. Every file a
// project shows is recorded in project_files with the state, in one transaction, so storage cleanup
// never deletes it (see lib/storage/cleanup.ts).
import "server-only";
import { db, Prisma } from "@/lib/db";
import { BadRequestError, NotFoundError } from "@/lib/errors";
import type { Project, User } from "@/lib/generated/prisma/client";
import { TOOL_FORMATS, parseDataUrl, readImage } from "@/lib/imaging/input";
import { fileIdFromUrl, fileUrl, isExpired, isViewersOwn, storeImage, type FileViewer } from "@/lib/storage/files";
import { blobStore } from "@/lib/storage/store";
import { projectStateSchema, type ProjectState, type ProjectView } from "@/lib/validation/projects";

const PROJECT_FILE_TTL_DAYS = 90;

function toView(project: Project): ProjectView {
  const state = projectStateSchema.safeParse(project.state);
  return {
    id: project.id,
    name: project.name,
    state: state.success ? state.data : projectStateSchema.parse({}),
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
  };
}

function notYours(): BadRequestError {
  return new BadRequestError("A project can only refer to your own images.", "invalid_image_url");
}

/**
 * The URL a project keeps for an image it refers to: one of the user's own files as it is; a file of
 * someone else's that the user may read now (a result this browser made before signing in, a public file) as a
 * private copy of the user's own, since another account's or a guest's short-lived file must not be
 * kept alive by a reference. Anything the user may not read is refused.
 */
async function projectFileUrl(user: User, url: string | null, viewer: FileViewer): Promise<string | null> {
  if (!url) return null;
  const id = fileIdFromUrl(url, viewer.fileOrigins);
  const file = id ? await db.storedFile.findUnique({ where: { id } }) : null;
  if (!file || file.removedAt || (await isExpired(file))) throw notYours();
  if (file.userId === user.id) return fileUrl(file);
  if (file.isPrivate && !isViewersOwn(file, user.id, viewer.guestKeyHash)) throw notYours();
  const blob = await blobStore().get(file.storageKey);
  if (!blob) throw notYours();
  const asset = { buffer: blob.body, contentType: file.contentType, width: file.width ?? 0, height: file.height ?? 0 };
  return fileUrl(await storeImage(asset, { userId: user.id, isPrivate: true, ttlDays: PROJECT_FILE_TTL_DAYS }));
}

async function normalise(user: User, state: ProjectState, viewer: FileViewer): Promise<ProjectState> {
  // One answer per distinct URL: an image shown twice (result and history) is checked, or copied, once.
  const answers = new Map<string, Promise<string | null>>();
  const resolve = (url: string | null) => {
    if (!url) return Promise.resolve(null);
    if (!answers.has(url)) answers.set(url, projectFileUrl(user, url, viewer));
    return answers.get(url)!;
  };
  let sourceImage = state.sourceImage;
  const upload = sourceImage ? parseDataUrl(sourceImage) : null;
  if (upload) {
    const image = await readImage(upload, TOOL_FORMATS);
    sourceImage = fileUrl(await storeImage(image, { userId: user.id, isPrivate: true, ttlDays: PROJECT_FILE_TTL_DAYS }));
  } else {
    sourceImage = await resolve(sourceImage);
  }
  const resultImage = await resolve(state.resultImage);
  const history = [];
  for (const entry of state.history) history.push({ ...entry, resultUrl: (await resolve(entry.resultUrl))! });
  return { ...state, sourceImage, resultImage, history };
}

/** The ids of the files a normalised state shows. */
export function projectFileIds(state: ProjectState): string[] {
  const urls = [state.sourceImage, state.resultImage, ...state.history.map((entry) => entry.resultUrl)];
  return [...new Set(urls.map((url) => (url ? fileIdFromUrl(url) : null)).filter((id): id is string => id !== null))];
}

/** Writes the project and the files it shows together; a file deleted meanwhile fails the save. */
async function saveWithFiles(write: (tx: Prisma.TransactionClient) => Promise<Project>, state: ProjectState): Promise<Project> {
  try {
    return await db.$transaction(async (tx) => {
      const project = await write(tx);
      await tx.projectFile.deleteMany({ where: { projectId: project.id } });
      await tx.projectFile.createMany({ data: projectFileIds(state).map((fileId) => ({ projectId: project.id, fileId })) });
      return project;
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2003") {
      throw new BadRequestError("One of this project's images no longer exists.", "invalid_image_url");
    }
    throw error;
  }
}

export async function listProjects(user: User): Promise<ProjectView[]> {
  const projects = await db.project.findMany({ where: { userId: user.id }, orderBy: [{ updatedAt: "desc" }, { id: "desc" }] });
  return projects.map(toView);
}

export async function getProject(user: User, id: string): Promise<ProjectView> {
  const project = await db.project.findFirst({ where: { id, userId: user.id } });
  if (!project) throw new NotFoundError("This project was not found.", "project_not_found");
  return toView(project);
}

export async function createProject(user: User, input: { name?: string; state?: ProjectState }, viewer: FileViewer): Promise<ProjectView> {
  const state = await normalise(user, input.state ?? projectStateSchema.parse({}), viewer);
  const count = await db.project.count({ where: { userId: user.id } });
  const project = await saveWithFiles((tx) => tx.project.create({ data: { userId: user.id, name: input.name ?? `Project ${count + 1}`, state } }), state);
  return toView(project);
}

export async function updateProject(user: User, id: string, input: { name?: string; state: ProjectState }, viewer: FileViewer): Promise<ProjectView> {
  await getProject(user, id);
  const state = await normalise(user, input.state, viewer);
  const project = await saveWithFiles((tx) => tx.project.update({ where: { id }, data: { state, ...(input.name ? { name: input.name } : {}) } }), state);
  return toView(project);
}
