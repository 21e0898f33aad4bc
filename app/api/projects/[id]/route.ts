import { IMAGE_JSON_BODY_LIMIT } from "@/lib/http/body";
import { route } from "@/lib/http/route";
import { getProject, updateProject } from "@/lib/projects/projects";
import { updateProjectSchema } from "@/lib/validation/projects";

export const GET = route<undefined, "user", { id: string }>({ auth: "user" }, ({ user, params }) => getProject(user, params.id));

export const PUT = route<typeof updateProjectSchema, "user", { id: string }>(
  { auth: "user", body: updateProjectSchema, maxBodyBytes: IMAGE_JSON_BODY_LIMIT },
  ({ user, params, body, client }) => updateProject(user, params.id, body, client.fileOrigins),
);
