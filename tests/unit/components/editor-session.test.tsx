/** @jest-environment jsdom */
import { act, screen } from "@testing-library/react";
import { EditorScreen } from "@/components/editor/editor-screen";
import { PromptBox } from "@/components/editor/prompt-box";
import { renderWithApp } from "./render";

// The prompt box renders as the editor does: a count of its renders is a count of the editor's.
jest.mock("@/components/editor/prompt-box", () => {
  const actual = jest.requireActual<typeof import("@/components/editor/prompt-box")>("@/components/editor/prompt-box");
  return { PromptBox: jest.fn(actual.PromptBox) };
});

type Answer = { status: number; body: unknown };

/** The API as the editor meets it on load; the session answer waits until the test gives it. */
function stubApi(session: Promise<Answer>) {
  const fetchMock = jest.fn(async (url: string) => {
    const answer: Answer =
      url === "/api/auth/user"
        ? await session
        : url === "/api/imaging/engine"
          ? { status: 200, body: { generate: "local", edit: "local" } }
          : url === "/api/projects"
            ? { status: 200, body: [] }
            : url === "/api/operations/recent"
              ? {
                  status: 200,
                  body: [
                    {
                      operationId: "op1",
                      kind: "text_to_image",
                      prompt: "a red fox",
                      imageUrl: "/api/files/f1",
                      width: 64,
                      height: 64,
                      createdAt: new Date().toISOString(),
                    },
                  ],
                }
              : { status: 404, body: { error: "not_found" } };
    return { ok: answer.status < 400, status: answer.status, statusText: "", text: async () => JSON.stringify(answer.body) };
  });
  Object.assign(globalThis, { fetch: fetchMock });
  return fetchMock;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const renders = () => (PromptBox as unknown as jest.Mock).mock.calls.length;

beforeEach(() => {
  (PromptBox as unknown as jest.Mock).mockClear();
  localStorage.setItem("hasSeenWelcome", "true");
});

it("does not draw itself again when a guest's session answer arrives", async () => {
  const session = deferred<Answer>();
  const fetchMock = stubApi(session.promise);
  renderWithApp(<EditorScreen projectId={null} />);
  expect(screen.getByRole("heading", { name: "Create and edit images with AI" })).toBeInTheDocument();
  const before = renders();

  await act(async () => session.resolve({ status: 200, body: null }));
  await act(async () => {
    await Promise.resolve();
  });
  expect(fetchMock.mock.calls.some(([url]) => url === "/api/auth/user")).toBe(true);
  expect(renders()).toBe(before);
  expect(fetchMock.mock.calls.some(([url]) => url === "/api/projects")).toBe(false);
});

it("shows a signed-in user's recent results and looks up their project once the session is known", async () => {
  const session = deferred<Answer>();
  const fetchMock = stubApi(session.promise);
  renderWithApp(<EditorScreen projectId={null} />);

  await act(async () =>
    session.resolve({ status: 200, body: { id: "u1", email: "ada@example.com", firstName: "Ada", lastName: "L", credits: 40, plan: "trial" } }),
  );
  expect(await screen.findByRole("button", { name: /a red fox/ })).toBeInTheDocument();
  expect(fetchMock.mock.calls.some(([url]) => url === "/api/projects")).toBe(true);
});
