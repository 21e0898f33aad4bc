// Editor projects: a user's work (source image, current result, prompt history) saved so that
// /editor/{projectId} brings it back. A fresh upload inside the state is stored as our own file, so a
// project never holds image bytes in its row and never points at someone else's file. Every file a
// project shows is recorded in project_files with the state, in one transaction, so storage cleanup
// never deletes it (see lib/storage/cleanup.ts).
import "server-only";
import { db, Prisma } from "@/lib/db";
import { BadRequestError, NotFoundError } from "@/lib/errors";
import type { Project, User } from "@/lib/generated/prisma/client";
import { TOOL_FORMATS, parseDataUrl, readImage } from "@/lib/imaging/input";
import { fileIdFromUrl, fileUrl, storeImage } from "@/lib/storage/files";
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

async function ownFileUrl(user: User, url: string | null, origins: string[]): Promise<string | null> {
  if (!url) return null;
  const id = fileIdFromUrl(url, origins);
  if (!id) throw new BadRequestError("A project can only refer to your own images.", "invalid_image_url");
  const file = await db.storedFile.findUnique({ where: { id } });
  if (!file || (file.isPrivate && file.userId !== user.id)) throw new BadRequestError("A project can only refer to your own images.", "invalid_image_url");
  return fileUrl(file);
}

async function normalise(user: User, state: ProjectState, origins: string[]): Promise<ProjectState> {
  let sourceImage = state.sourceImage;
  const upload = sourceImage ? parseDataUrl(sourceImage) : null;
  if (upload) {
    const image = await readImage(upload, TOOL_FORMATS);
    sourceImage = fileUrl(await storeImage(image, { userId: user.id, isPrivate: true, ttlDays: PROJECT_FILE_TTL_DAYS }));
  } else {
    sourceImage = await ownFileUrl(user, sourceImage, origins);
  }
  const resultImage = await ownFileUrl(user, state.resultImage, origins);
  const history = await Promise.all(state.history.map(async (entry) => ({ ...entry, resultUrl: (await ownFileUrl(user, entry.resultUrl, origins))! })));
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

export async function createProject(user: User, input: { name?: string; state?: ProjectState }, origins: string[]): Promise<ProjectView> {
  const state = await normalise(user, input.state ?? projectStateSchema.parse({}), origins);
  const count = await db.project.count({ where: { userId: user.id } });
  const project = await saveWithFiles((tx) => tx.project.create({ data: { userId: user.id, name: input.name ?? `Project ${count + 1}`, state } }), state);
  return toView(project);
}

export async function updateProject(user: User, id: string, input: { name?: string; state: ProjectState }, origins: string[]): Promise<ProjectView> {
  await getProject(user, id);
  const state = await normalise(user, input.state, origins);
  const project = await saveWithFiles((tx) => tx.project.update({ where: { id }, data: { state, ...(input.name ? { name: input.name } : {}) } }), state);
  return toView(project);
}
