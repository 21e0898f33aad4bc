"use client";
// The editor's project: loads /editor/{projectId} (or else the user's most recent project) and saves
// the editor's state to it after each change, creating it on the first one.
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { useCurrentUser } from "@/components/auth/use-auth";
import { apiRequest } from "@/lib/api/client";
import type { ProjectState, ProjectView } from "@/lib/validation/projects";

export function useProject(projectId: string | null) {
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: ["projects", user?.id ?? "guest", projectId ?? "latest"],
    enabled: Boolean(user),
    staleTime: 0,
    queryFn: async (): Promise<ProjectView | null> => {
      if (projectId) {
        try {
          return await apiRequest<ProjectView>("GET", `/api/projects/${encodeURIComponent(projectId)}`);
        } catch {
          // Not found (or not this user's): fall back to their first project, as the spec says.
        }
      }
      const projects = await apiRequest<ProjectView[]>("GET", "/api/projects");
      return projects[0] ?? null;
    },
  });
}

/**
 * Loads the project into the editor through `onLoaded` (each time its data arrives). A component of its
 * own, so the editor itself does not re-render when the session becomes known.
 */
export function ProjectLoader({ projectId, onLoaded }: { projectId: string | null; onLoaded: (project: ProjectView) => void }): null {
  const { data } = useProject(projectId);
  useEffect(() => {
    if (data) onLoaded(data);
  }, [data, onLoaded]);
  return null;
}

/** Saves state to the project, one save at a time (the last state wins); returns the saved project. */
export function useProjectSaver(onSaved: (project: ProjectView) => void) {
  const projectIdRef = useRef<string | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const setProjectId = useCallback((id: string | null) => {
    projectIdRef.current = id;
  }, []);
  const save = useCallback(
    (state: ProjectState) => {
      queue.current = queue.current
        .then(async () => {
          const id = projectIdRef.current;
          const project = id
            ? await apiRequest<ProjectView>("PUT", `/api/projects/${encodeURIComponent(id)}`, { state })
            : await apiRequest<ProjectView>("POST", "/api/projects", { state });
          projectIdRef.current = project.id;
          onSaved(project);
        })
        .catch((error: unknown) => console.error("Saving the project failed", error));
      return queue.current;
    },
    [onSaved],
  );
  return { save, setProjectId, projectIdRef };
}
