/** @jest-environment jsdom */
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { currentUserKey } from "@/components/auth/use-auth";
import { GalleryScreen } from "@/components/gallery/gallery-screen";
import { SaveImageDialog } from "@/components/gallery/save-image-dialog";
import { defaultFilename, galleryKeys } from "@/components/gallery/use-gallery";
import type { PublicUser } from "@/lib/validation/auth";
import type { SavedImageView, StorageInfo } from "@/lib/validation/gallery";
import { holdSessionAnswer, renderWithApp } from "./render";

const user = (tier: PublicUser["tier"]): PublicUser => ({
  id: `u-${tier}`,
  email: "a@example.com",
  firstName: "A",
  lastName: "B",
  image: null,
  emailVerified: true,
  tier,
  credits: 10,
});
const info = (tier: PublicUser["tier"], used: number, limit: number): StorageInfo => ({ tier, storageUsed: used, storageLimit: limit, canSave: limit > 0 });

function renderDialog(signedIn: PublicUser | null, storage?: StorageInfo) {
  return renderWithApp(
    <SaveImageDialog open onOpenChange={() => undefined} imageUrl="/api/files/abcdefghijklmnopqrstuvwx" tool="bg_removal" originalPrompt={null} />,
    {
      seed: (client) => {
        client.setQueryData(currentUserKey, signedIn);
        if (signedIn && storage) client.setQueryData(galleryKeys.storage(signedIn.id), storage);
      },
    },
  );
}

describe("the Save Image dialog", () => {
  it("asks a guest to sign in", () => {
    renderDialog(null);
    expect(screen.getByText("Sign In Required")).toBeInTheDocument();
    expect(screen.getByText("Please sign in to save your images.")).toBeInTheDocument();
  });

  it("tells free and trial users they cannot save, and offers the upgrade", () => {
    renderDialog(user("trial"), info("trial", 0, 0));
    expect(screen.getByText("Free users cannot save images. Upgrade to Essential or Pro to save your creations.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/subscription");
    expect(screen.queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
  });

  it("warns at the limit that the oldest image will be deleted", () => {
    renderDialog(user("essential"), info("essential", 25, 25));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "You've reached your storage limit (25 images). Saving this image will permanently delete your oldest saved image.",
    );
  });

  it("is ready with the tool and a timestamp as the default filename, and wants a filename", async () => {
    renderDialog(user("pro"), info("pro", 3, 100));
    const filename = screen.getByLabelText("Filename");
    expect((filename as HTMLInputElement).value).toMatch(/^bg-removal-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}$/);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByText("3 of 100 images saved")).toBeInTheDocument();
    await userEvent.clear(filename);
    await userEvent.type(filename, "   ");
    const fetchMock = jest.fn();
    Object.assign(globalThis, { fetch: fetchMock });
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(fetchMock).not.toHaveBeenCalled();

    // With a name it measures the image and sends the spec's save payload.
    // jsdom has no fetch Response: answer with the parts the dialog reads.
    fetchMock.mockResolvedValueOnce({ blob: async () => new Blob(["12345"]) });
    fetchMock.mockResolvedValueOnce({ ok: true, status: 200, text: async () => JSON.stringify({ deletedOldest: false }) });
    await userEvent.clear(filename);
    await userEvent.type(filename, "  My picture ");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === "/api/saved-images")).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === "/api/saved-images") as [string, RequestInit];
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({
      imageUrl: "/api/files/abcdefghijklmnopqrstuvwx",
      tool: "bg_removal",
      filename: "My picture",
      description: null,
      originalPrompt: null,
      fileSize: 5,
    });
  });

  it("names files by tool and time", () => {
    expect(defaultFilename("text_to_image", new Date(2026, 10, 23, 9, 5, 7))).toBe("text-to-image-2026-11-23-09-05-07");
  });
});

const saved = (index: number): SavedImageView => ({
  id: `img-${index}`,
  imageUrl: `/api/files/${String(index).padStart(24, "x")}`,
  filename: `sunset-${index}`,
  description: null,
  tool: index % 2 ? "cartoon_style" : "text_to_image",
  originalPrompt: index % 2 ? null : "a sunset over the sea",
  fileSize: 1000,
  width: 10,
  height: 10,
  contentType: "image/png",
  createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
});

describe("the Gallery screen", () => {
  function renderGallery(signedIn: PublicUser | null, images?: SavedImageView[], storage?: StorageInfo) {
    return renderWithApp(<GalleryScreen />, {
      seed: (client) => {
        client.setQueryData(currentUserKey, signedIn);
        if (signedIn && images) client.setQueryData(galleryKeys.images(signedIn.id), images);
        if (signedIn && storage) client.setQueryData(galleryKeys.storage(signedIn.id), storage);
      },
    });
  }

  it("asks guests to sign in", () => {
    renderGallery(null);
    expect(screen.getByText("Sign In Required")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth?returnTo=/gallery");
  });

  it("shows what the server saw while the browser's session answer is on its way, then follows that answer", async () => {
    const answer = holdSessionAnswer();
    const { unmount } = renderWithApp(<GalleryScreen serverTier={null} />);
    expect(screen.getByText("Sign In Required")).toBeInTheDocument();
    unmount();

    renderWithApp(<GalleryScreen serverTier="free" />);
    expect(within(await screen.findByRole("dialog")).getByText("Gallery Feature Locked")).toBeInTheDocument();
    // The session ended in between: the browser's answer wins.
    await act(async () => answer(null));
    expect(await screen.findByText("Sign In Required")).toBeInTheDocument();
  });

  it("shows free and trial users the Gallery Feature Locked dialog, which Maybe later closes", async () => {
    renderGallery(user("free"));
    const dialog = await screen.findByRole("dialog", { name: "Gallery Feature Locked" });
    expect(within(dialog).getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/subscription");
    await userEvent.click(within(dialog).getByRole("button", { name: "Maybe later" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // The page behind still offers the upgrade.
    expect(screen.getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/subscription");
  });

  it("shows a paid user's storage and images with tool, prompt, time and download", () => {
    renderGallery(user("essential"), [saved(0), saved(1)], info("essential", 2, 25));
    expect(screen.getByRole("heading", { name: "Your Gallery" })).toBeInTheDocument();
    expect(within(screen.getByTestId("storage-usage")).getByText("2 of 25 images saved")).toBeInTheDocument();
    const [first, second] = screen.getAllByTestId("gallery-item");
    expect(within(first!).getByText("Text to Image")).toBeInTheDocument();
    expect(within(first!).getByText("a sunset over the sea")).toBeInTheDocument();
    expect(within(first!).getByText("2 hours ago")).toBeInTheDocument();
    expect(within(first!).getByRole("link", { name: "Download" })).toHaveAttribute("download", "sunset-0.png");
    expect(within(second!).getByText("Cartoon Style")).toBeInTheDocument();
  });

  it("shows the empty state when nothing is saved", () => {
    renderGallery(user("pro"), [], info("pro", 0, 100));
    expect(screen.getByText("No saved images yet")).toBeInTheDocument();
  });
});
