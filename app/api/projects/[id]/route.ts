import { IMAGE_JSON_BODY_LIMIT } from "@/lib/http/body";
import { json, type JsonInput } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { getProject, updateProject } from "@/lib/projects/projects";
import { updateProjectSchema } from "@/lib/validation/projects";

export const GET = route<undefined, "session", { id: string }>({ auth: "session" }, ({ user, params }) => getProject(user, params.id));

export const PUT = route<JsonInput<typeof updateProjectSchema>, "session", { id: string }>(
  { auth: "session", input: json(updateProjectSchema, IMAGE_JSON_BODY_LIMIT) },
  ({ user, params, input, client }) => updateProject(user, params.id, input, client),
);
