import { route } from "@/lib/http/route";
import { requestOrigin, siteOrigin } from "@/lib/http/site-origin";
import { getProject, updateProject } from "@/lib/projects/projects";
import { updateProjectSchema } from "@/lib/validation/projects";

export const GET = route<undefined, "user", { id: string }>({ auth: "user" }, ({ user, params }) => getProject(user, params.id));

export const PUT = route<typeof updateProjectSchema, "user", { id: string }>({ auth: "user", body: updateProjectSchema }, ({ user, params, body, request }) =>
  updateProject(user, params.id, body, [requestOrigin(request), siteOrigin(request)]),
);
