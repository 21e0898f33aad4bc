import { IMAGE_JSON_BODY_LIMIT } from "@/lib/http/body";
import { json } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { createProject, listProjects } from "@/lib/projects/projects";
import { createProjectSchema } from "@/lib/validation/projects";

export const GET = route({ auth: "session" }, ({ user }) => listProjects(user));

export const POST = route({ auth: "session", input: json(createProjectSchema, IMAGE_JSON_BODY_LIMIT) }, async ({ user, input, client }) => {
  const project = await createProject(user, input, client);
  return Response.json(project, { status: 201 });
});
