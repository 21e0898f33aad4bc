"use client";
// The editor's project: loads /editor/{projectId} (or else the user's most recent project) and saves
// the editor's state to it after each change, creating it on the first one.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { cachedUser, useCurrentUser } from "@/components/auth/use-auth";
import { apiRequest } from "@/lib/api/client";
import type { AspectRatio } from "@/lib/imaging/types";
import type { ProjectState, ProjectView } from "@/lib/validation/projects";

type HistoryEntry = ProjectState["history"][number];
/** The part of the editor's state a project keeps. */
export type ProjectImages = Pick<ProjectState, "sourceImage" | "sourceWidth" | "sourceHeight" | "resultImage">;

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
 * Hands the project to the editor through `onLoaded` (each time its data arrives). A component of its
 * own, so the editor itself does not re-render when the session becomes known.
 */
export function ProjectLoader({ projectId, onLoaded }: { projectId: string | null; onLoaded: (project: ProjectView) => void }): null {
  const { data } = useProject(projectId);
  useEffect(() => {
    if (data) onLoaded(data);
  }, [data, onLoaded]);
  return null;
}

/**
 * The editor's side of its project: `receive` takes a loaded project (the editor's `onLoad` runs once
 * per project), `save` keeps each change of a signed-in user's work, with its history entry, and keeps
 * the address on the project so a reload comes back to this work.
 */
export function useEditorProject(onLoad: (project: ProjectView) => void) {
  const queryClient = useQueryClient();
  const loaded = useRef<string | null>(null);
  const entries = useRef<HistoryEntry[]>([]);
  const onSaved = useCallback((saved: ProjectView) => {
    if (!window.location.pathname.endsWith(`/editor/${saved.id}`)) {
      const prefix = window.location.pathname.match(/^\/(es|fr|de|zh|ja)(?=\/|$)/)?.[0] ?? "";
      window.history.replaceState(window.history.state, "", `${prefix}/editor/${saved.id}`);
    }
  }, []);
  const saver = useProjectSaver(onSaved);

  const receive = useCallback(
    (project: ProjectView) => {
      entries.current = project.state.history;
      if (loaded.current === project.id) return;
      loaded.current = project.id;
      saver.setProjectId(project.id);
      onLoad(project);
    },
    [saver, onLoad],
  );

  const save = useCallback(
    (images: ProjectImages, aspectRatio: AspectRatio, entry?: HistoryEntry) => {
      // Read when saving, not subscribed: the editor need not re-render when the session is known.
      if (!cachedUser(queryClient)) return;
      if (entry) entries.current = [...entries.current, entry].slice(-50);
      const { sourceImage, sourceWidth, sourceHeight, resultImage } = images;
      void saver.save({ sourceImage, sourceWidth, sourceHeight, resultImage, aspectRatio, history: entries.current });
    },
    [queryClient, saver],
  );

  return { receive, save };
}

/** Saves state to the project, one save at a time (the last state wins); returns the saved project. */
function useProjectSaver(onSaved: (project: ProjectView) => void) {
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
