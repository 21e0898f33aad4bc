import { IMAGE_JSON_BODY_LIMIT } from "@/lib/http/body";
import { route } from "@/lib/http/route";
import { createProject, listProjects } from "@/lib/projects/projects";
import { createProjectSchema } from "@/lib/validation/projects";

export const GET = route({ auth: "user" }, ({ user }) => listProjects(user));

export const POST = route({ auth: "user", body: createProjectSchema, maxBodyBytes: IMAGE_JSON_BODY_LIMIT }, async ({ user, body, client }) => {
  const project = await createProject(user, body, client.fileOrigins);
  return Response.json(project, { status: 201 });
});
