/** @jest-environment jsdom */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { currentUserKey } from "@/components/auth/use-auth";
import { ResultActions } from "@/components/imaging/result-actions";
import { ShareAction } from "@/components/share/share-action";
import { ShareDialog } from "@/components/share/share-dialog";
import { createShareSchema, type ShareView } from "@/lib/validation/shares";
import type { PublicUser } from "@/lib/validation/auth";
import { Answer, answering } from "./answering-fetch";
import { installPointerPolyfills } from "./jsdom-pointer";
import { renderWithApp } from "./render";

const FILE_ID = "abcdefghijklmnopqrstuvwx";
const LINK = "https://pictura.example/s/Zm9vYmFyYmF6cXV4cXV1eHF1dXg";
const signedIn: PublicUser = { id: "u1", email: "a@example.com", firstName: "A", lastName: "B", image: null, emailVerified: true, tier: "pro", credits: 10 };

function created(overrides: Partial<ShareView> = {}): ShareView {
  return {
    id: "share1",
    url: LINK,
    thumbnailUrl: "/s/Zm9vYmFyYmF6cXV4cXV1eHF1dXg/image",
    status: "active",
    expiresAt: "2026-12-05T10:00:00.000Z",
    indexable: false,
    caption: null,
    prompt: null,
    views: 0,
    createdAt: "2026-11-28T10:00:00.000Z",
    revokedAt: null,
    ...overrides,
  };
}

/** What the dialog sent, which the call's own schema must accept as it is. */
const sentBody = (fetchMock: jest.Mock) => {
  const call = fetchMock.mock.calls.find(([url, init]) => url === "/api/shares" && init?.method === "POST");
  const body: unknown = JSON.parse(String(call?.[1]?.body));
  expect(createShareSchema.safeParse(body).success).toBe(true);
  return body;
};

function renderDialog(prompt: string | null) {
  return renderWithApp(<ShareDialog open onOpenChange={() => undefined} fileId={FILE_ID} prompt={prompt} />);
}

// The switches measure themselves (radix), which jsdom cannot.
beforeAll(installPointerPolyfills);

afterEach(() => {
  Reflect.deleteProperty(navigator, "share");
});

describe("the Share dialog", () => {
  it("sends the options the owner chose and shows the link to copy", async () => {
    const fetchMock = answering({
      "POST /api/shares": created({ caption: "Fox at dusk", prompt: "a red fox", indexable: true, expiresAt: "2026-12-28T10:00:00.000Z" }),
    });
    // The browser's clipboard, as user-event stands it in.
    const person = userEvent.setup();
    renderDialog("a red fox");

    await person.type(screen.getByLabelText("Caption (optional)"), "  Fox at dusk ");
    await person.click(screen.getByRole("switch", { name: "Show the prompt" }));
    await person.selectOptions(screen.getByLabelText("Link expires"), "After 30 days");
    await person.click(screen.getByRole("switch", { name: "Let search engines find it" }));
    await person.click(screen.getByRole("button", { name: "Create link" }));

    expect(await screen.findByDisplayValue(LINK)).toBeInTheDocument();
    expect(sentBody(fetchMock)).toEqual({ fileId: FILE_ID, caption: "Fox at dusk", showPrompt: true, expiresIn: "30d", indexable: true });
    expect(screen.getByTestId("share-link")).toHaveTextContent(/The link works until Dec 28, 2026/);
    // No system share sheet in this browser, so no button for it.
    expect(screen.queryByRole("button", { name: "Share…" })).not.toBeInTheDocument();
    await person.click(screen.getByRole("button", { name: "Copy link" }));
    expect(await navigator.clipboard.readText()).toBe(LINK);
    expect(screen.getByRole("button", { name: "Copy link" })).toHaveTextContent("Copied");
  });

  it("keeps a link 7 days and away from search engines unless told, and asks about no prompt where there is none", async () => {
    const fetchMock = answering({ "POST /api/shares": created() });
    const share = jest.fn(async () => undefined);
    Object.defineProperty(navigator, "share", { value: share, configurable: true });
    const person = userEvent.setup();
    renderDialog(null);

    expect(screen.queryByRole("switch", { name: "Show the prompt" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Link expires")).toHaveDisplayValue("After 7 days");
    expect(screen.getByRole("switch", { name: "Let search engines find it" })).not.toBeChecked();
    await person.click(screen.getByRole("button", { name: "Create link" }));

    expect(await screen.findByDisplayValue(LINK)).toBeInTheDocument();
    expect(sentBody(fetchMock)).toEqual({ fileId: FILE_ID, expiresIn: "7d", indexable: false });
    await person.click(screen.getByRole("button", { name: "Share…" }));
    expect(share).toHaveBeenCalledWith({ url: LINK });
  });

  it("says why a link could not be made, and keeps the form to try again", async () => {
    answering({ "POST /api/shares": new Answer(404, { error: "share_file_not_found", message: "This image is not one of yours." }) });
    const person = userEvent.setup();
    renderDialog("a red fox");
    await person.click(screen.getByRole("button", { name: "Create link" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("The link could not be created. This image is not one of yours.");
    expect(screen.queryByTestId("share-link")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create link" })).toBeEnabled();
  });

  it("translates a refusal the app knows, such as a signed-out session", async () => {
    answering({ "POST /api/shares": new Answer(401, { error: "unauthorized", message: "Please sign in to continue." }) });
    const person = userEvent.setup();
    renderDialog(null);
    await person.click(screen.getByRole("button", { name: "Create link" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The link could not be created. Please sign in to continue.");
  });
});

describe("the Share action", () => {
  it("offers a guest a sign-up in the site's dialog instead, on the same screen", async () => {
    answering({});
    const person = userEvent.setup();
    renderWithApp(<ShareAction fileId={FILE_ID} />, { seed: (client) => client.setQueryData(currentUserKey, null) });
    expect(screen.queryByRole("button", { name: "Share" })).not.toBeInTheDocument();
    await person.click(screen.getByRole("button", { name: "Sign up to share" }));
    const dialog = await screen.findByRole("dialog", { name: "Create your account" });
    expect(dialog).toBeVisible();
  });

  it("opens the Share dialog for a signed-in owner", async () => {
    answering({});
    const person = userEvent.setup();
    renderWithApp(<ShareAction fileId={FILE_ID} prompt="a red fox" />, { seed: (client) => client.setQueryData(currentUserKey, signedIn) });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await person.click(screen.getByRole("button", { name: "Share" }));
    const dialog = await screen.findByRole("dialog", { name: "Share this image" });
    await waitFor(() => expect(dialog).toContainElement(screen.getByRole("switch", { name: "Show the prompt" })));
  });
});

describe("a result's actions", () => {
  const renderResult = (viewer: PublicUser | null) =>
    renderWithApp(<ResultActions url={`/api/files/${FILE_ID}`} tool="bg_removal" variant="tool" />, {
      seed: (client) => client.setQueryData(currentUserKey, viewer),
    });

  it("offer Share to a signed-in owner", async () => {
    answering({});
    renderResult(signedIn);
    expect(await screen.findByRole("button", { name: "Share" })).toBeInTheDocument();
  });

  it("offer a guest a sign-up to share", async () => {
    answering({});
    renderResult(null);
    expect(await screen.findByRole("button", { name: "Sign up to share" })).toBeEnabled();
    expect(screen.queryByRole("button", { name: "Share" })).not.toBeInTheDocument();
  });
});
