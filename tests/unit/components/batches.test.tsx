/** @jest-environment jsdom */
// Batches on the Background removal screen: several files make a row each, each file is its own
// asynchronous call followed to its end, a failed one shows its error and can be tried again alone,
// and a batch the balance cannot pay for is refused before anything is sent.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { currentUserKey } from "@/components/auth/use-auth";
import { BackgroundRemovalScreen } from "@/components/tools/background-removal/background-removal-screen";
import { toast } from "@/components/ui/toaster";
import type { PublicUser } from "@/lib/validation/auth";
import { renderWithApp } from "./render";

jest.mock("@/components/ui/toaster", () => ({ toast: { error: jest.fn(), success: jest.fn(), info: jest.fn(), message: jest.fn() } }));

const PNG_BYTES = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52];
const photos = () => [1, 2, 3].map((n) => new File([new Uint8Array(PNG_BYTES)], `photo-${n}.png`, { type: "image/png" }));
const user = (credits: number): PublicUser => ({
  id: "u-1",
  email: "a@example.com",
  firstName: "Ada",
  lastName: "L",
  image: null,
  tier: "trial",
  credits,
  emailVerified: true,
});

function reply(status: number, body: unknown) {
  const text = JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, statusText: "", text: async () => text, json: async () => body };
}

const view = (id: string, outcome: "succeeded" | "failed") => ({
  id,
  kind: "background_removal",
  status: outcome,
  progress: outcome === "succeeded" ? 100 : 0,
  stage: null,
  queuePosition: null,
  result: outcome === "succeeded" ? { sample: `/api/files/result-${id}` } : null,
  source: null,
  width: 10,
  height: 10,
  contentType: outcome === "succeeded" ? "image/png" : null,
  error: outcome === "failed" ? { status: 400, code: "invalid_image", message: "The image file is damaged or incomplete." } : null,
});

let fetchMock: jest.Mock;
let posts: { file: string; form: FormData; headers: Record<string, string> }[];
/** Which submissions fail: by their order, starting at 1. */
let failing: Set<number>;

beforeEach(() => {
  jest.clearAllMocks();
  posts = [];
  failing = new Set();
  fetchMock = jest.fn(async (url: string, init?: { method?: string; body?: FormData; headers?: Record<string, string> }) => {
    if (url === "/api/auth/user") return reply(200, user(10));
    if (url === "/api/flux/edit" && init?.method === "POST") {
      const form = init.body!;
      posts.push({ file: (form.get("image") as File).name, form, headers: init.headers ?? {} });
      return reply(202, { operationId: `op-${posts.length}` });
    }
    const operation = /^\/api\/operations\/(op-\d+)$/.exec(url)?.[1];
    if (operation) return reply(200, view(operation, failing.has(Number(operation.slice(3))) ? "failed" : "succeeded"));
    return reply(500, { error: "unexpected", message: `unexpected ${url}` });
  });
  Object.assign(globalThis, { fetch: fetchMock });
  Object.assign(URL, { createObjectURL: jest.fn((file: File) => `blob:${file.name}`), revokeObjectURL: jest.fn() });
});

function renderScreen(credits: number) {
  return renderWithApp(<BackgroundRemovalScreen />, {
    seed: (client) => {
      client.setQueryData(currentUserKey, user(credits));
      client.setQueryData(["imaging", "engine"], { removeBackground: "local" });
    },
  });
}

const rows = () => screen.getAllByTestId("batch-row");

it("gives each file a row and its own call, shows a failure in its row, and retries that file alone", async () => {
  renderScreen(10);
  await userEvent.upload(screen.getByLabelText("Choose an image"), photos());
  expect(await screen.findAllByTestId("batch-row")).toHaveLength(3);
  expect(screen.getByRole("heading", { name: "3 files" })).toBeInTheDocument();

  failing = new Set([2]);
  await userEvent.click(screen.getByRole("button", { name: "Remove backgrounds (3 files, 3 credits)" }));
  await waitFor(() => expect(screen.getByTestId("batch-summary")).toHaveTextContent("2 of 3 done"));
  expect(posts.map((post) => post.file).sort()).toEqual(["photo-1.png", "photo-2.png", "photo-3.png"]);
  for (const post of posts) {
    expect(post.headers.Prefer).toBe("respond-async");
    expect(post.form.get("operation")).toBe("background_removal");
    expect(post.form.get("background")).toBe("none");
  }
  const failed = rows().find((row) => row.dataset.status === "failed")!;
  expect(within(failed).getByTestId("batch-error")).toHaveTextContent("The image file is damaged or incomplete.");
  const failedName = posts[1]!.file;
  expect(failed).toHaveTextContent(failedName);
  expect(screen.getAllByTestId("batch-result")).toHaveLength(2);

  await userEvent.click(within(failed).getByRole("button", { name: "Try again" }));
  await waitFor(() => expect(screen.getByTestId("batch-summary")).toHaveTextContent("3 of 3 done"));
  expect(posts).toHaveLength(4);
  expect(posts[3]!.file).toBe(failedName);
  expect(screen.getByRole("button", { name: "Download all (3)" })).toBeEnabled();
  expect(screen.getByRole("button", { name: "All files done" })).toBeDisabled();
});

it("refuses a batch the balance cannot pay for before sending anything", async () => {
  renderScreen(2);
  await userEvent.upload(screen.getByLabelText("Choose an image"), photos());
  expect(await screen.findAllByTestId("batch-row")).toHaveLength(3);
  expect(screen.getByTestId("batch-credit-note")).toHaveTextContent("3 files need 3 credits and you have 2.");
  await userEvent.click(screen.getByRole("button", { name: "Remove backgrounds (3 files, 3 credits)" }));
  expect(toast.error).toHaveBeenCalledWith("Insufficient Credits", expect.objectContaining({ description: expect.stringContaining("3 files need 3 credits") }));
  expect(posts).toHaveLength(0);
  expect(rows().every((row) => row.dataset.status === "ready")).toBe(true);
});

it("keeps one file on the single-file flow", async () => {
  renderScreen(10);
  await userEvent.upload(screen.getByLabelText("Choose an image"), photos()[0]!);
  expect(await screen.findByTestId("upload-preview")).toBeInTheDocument();
  expect(screen.queryByTestId("batch-list")).not.toBeInTheDocument();
});
