/** @jest-environment jsdom */
// The background removal, cartoon style and file conversion screens: their guards stop before any
// request, and a good run posts what the server expects and shows the result.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { currentUserKey } from "@/components/auth/use-auth";
import { downloadImage } from "@/components/imaging/download";
import { BackgroundRemovalScreen } from "@/components/tools/background-removal/background-removal-screen";
import { CartoonStyleScreen } from "@/components/tools/cartoon-style/cartoon-style-screen";
import { detectFormat } from "@/components/tools/file-conversion/formats";
import { FileConversionScreen } from "@/components/tools/file-conversion/file-conversion-screen";
import { toast } from "@/components/ui/toaster";
import type { PublicUser } from "@/lib/validation/auth";
import { renderWithApp } from "./render";

jest.mock("@/components/ui/toaster", () => ({ toast: { error: jest.fn(), success: jest.fn(), info: jest.fn(), message: jest.fn() } }));
jest.mock("@/components/imaging/download", () => ({
  ...jest.requireActual("@/components/imaging/download"),
  downloadImage: jest.fn(async () => "downloaded"),
}));

const PNG_BYTES = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52];
const pngFile = () => new File([new Uint8Array(PNG_BYTES)], "photo.png", { type: "image/png" });

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

// jsdom has no fetch Response: answer with the parts the code reads.
function reply(status: number, body: unknown) {
  const text = JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, statusText: "", text: async () => text, json: async () => body, blob: async () => new Blob([text]) };
}

let fetchMock: jest.Mock;
let signedIn: PublicUser | null;

beforeEach(() => {
  jest.clearAllMocks();
  signedIn = user(10);
  // Paid calls end by refreshing the account; answer that with the current user.
  fetchMock = jest.fn(async (url: string) =>
    url === "/api/auth/user" ? reply(200, signedIn) : reply(500, { error: "unexpected", message: `unexpected ${url}` }),
  );
  Object.assign(globalThis, { fetch: fetchMock });
  Object.assign(URL, { createObjectURL: jest.fn(() => "blob:preview"), revokeObjectURL: jest.fn() });
});

function renderTool(ui: React.ReactElement, who: PublicUser | null) {
  signedIn = who;
  return renderWithApp(ui, {
    seed: (client) => {
      client.setQueryData(currentUserKey, who);
      client.setQueryData(["imaging", "engine"], {
        generate: "local",
        edit: "local",
        removeBackground: "local",
        removeObject: "local",
        cartoonize: "local",
        convert: "local",
      });
    },
  });
}

async function upload(file = pngFile()) {
  await userEvent.upload(screen.getByLabelText("Choose an image"), file);
  await screen.findByTestId("upload-preview");
}

const toolCalls = () => fetchMock.mock.calls.filter(([url]) => url !== "/api/auth/user");

describe("the Background removal screen", () => {
  it("shows the balance and the cost, and the five presets as radio cards with Transparent chosen", () => {
    renderTool(<BackgroundRemovalScreen />, user(10));
    expect(screen.getByRole("heading", { name: "Background Removal" })).toBeInTheDocument();
    expect(screen.getByTestId("tool-balance")).toHaveTextContent("Credits: 10");
    expect(screen.getByTestId("tool-cost")).toHaveTextContent("Cost: 1 credit");
    const presets = within(screen.getByRole("radiogroup", { name: "Background" })).getAllByRole("radio");
    expect(presets.map((preset) => preset.textContent)).toEqual(["Transparent", "Mountain", "Forest", "Ocean", "Sunset"]);
    expect(screen.getByRole("radio", { name: "Transparent" })).toHaveAttribute("aria-checked", "true");
  });

  it("moves between the presets with the arrow keys, wrapping, and jumps with Home and End", async () => {
    renderTool(<BackgroundRemovalScreen />, user(10));
    const chosen = () => screen.getAllByRole("radio").find((radio) => radio.getAttribute("aria-checked") === "true")?.textContent;
    screen.getByRole("radio", { name: "Transparent" }).focus();
    await userEvent.keyboard("{ArrowRight}");
    expect(chosen()).toBe("Mountain");
    expect(screen.getByRole("radio", { name: "Mountain" })).toHaveFocus();
    await userEvent.keyboard("{End}");
    expect(chosen()).toBe("Sunset");
    await userEvent.keyboard("{ArrowDown}");
    expect(chosen()).toBe("Transparent");
    await userEvent.keyboard("{ArrowUp}");
    expect(chosen()).toBe("Sunset");
    await userEvent.keyboard("{Home}");
    expect(chosen()).toBe("Transparent");
    expect(screen.getByRole("radio", { name: "Transparent" })).toHaveFocus();
  });

  it("says No Image and sends nothing when there is no image", async () => {
    renderTool(<BackgroundRemovalScreen />, user(10));
    await userEvent.click(screen.getByRole("button", { name: "Remove Background" }));
    expect(toast.error).toHaveBeenCalledWith("No Image", { description: "Please upload an image first." });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses a guest before any upload", async () => {
    renderTool(<BackgroundRemovalScreen />, null);
    expect(screen.getByTestId("tool-balance")).toHaveTextContent("Credits: 0");
    expect(screen.getByRole("link", { name: "Sign up free" })).toHaveAttribute("href", "/auth?mode=signup&returnTo=%2Fbackground-removal");
    await upload();
    await userEvent.click(screen.getByRole("button", { name: "Remove Background" }));
    expect(toast.error).toHaveBeenCalledWith("Insufficient Credits", {
      description: "You need 1 credit for background removal, but only have 0. Sign up to get more credits!",
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("moves between presets with the arrow keys", async () => {
    renderTool(<BackgroundRemovalScreen />, user(10));
    await userEvent.click(screen.getByRole("radio", { name: "Transparent" }));
    // Held down, as a person's key is when the focus moves (radix selects on focus during an arrow press).
    await userEvent.keyboard("{ArrowRight>}");
    await waitFor(() => expect(screen.getByRole("radio", { name: "Mountain" })).toHaveAttribute("aria-checked", "true"));
    expect(screen.getByRole("radio", { name: "Mountain" })).toHaveFocus();
    await userEvent.keyboard("{/ArrowRight}");
  });

  it("posts the image with operation=background_removal and the chosen preset, then shows the result and Download PNG", async () => {
    renderTool(<BackgroundRemovalScreen />, user(10));
    fetchMock.mockImplementationOnce(async () => reply(200, { result: { sample: "/api/files/result-1" }, operationId: "op-1", width: 512, height: 512 }));
    await upload();
    await userEvent.click(screen.getByRole("radio", { name: "Ocean" }));
    await userEvent.click(screen.getByRole("button", { name: "Remove Background" }));

    expect(await screen.findByRole("button", { name: "Download PNG" })).toBeEnabled();
    expect(screen.getByRole("heading", { name: "Result" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Your image with the background removed" })).toHaveAttribute("src", "/api/files/result-1");
    expect(screen.getByRole("button", { name: "Save" })).toBeInTheDocument();
    const [url, init] = toolCalls()[0] as [string, RequestInit];
    expect(url).toBe("/api/flux/edit");
    expect(init.method).toBe("POST");
    const form = init.body as FormData;
    expect(form.get("operation")).toBe("background_removal");
    expect(form.get("background")).toBe("ocean");
    expect(form.get("prompt")).toBeNull();
    expect((form.get("image") as File).name).toBe("photo.png");
    expect(toolCalls()).toHaveLength(1);
    // The balance is refreshed after a paid call.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith("/api/auth/user", expect.anything()));

    await userEvent.click(screen.getByRole("button", { name: "Download PNG" }));
    expect(downloadImage).toHaveBeenCalledWith("/api/files/result-1", { filename: undefined });
  });

  it("sends custom background text instead of a preset, with a live counter", async () => {
    renderTool(<BackgroundRemovalScreen />, user(10));
    fetchMock.mockImplementationOnce(async () => reply(200, { result: { sample: "/api/files/result-2" }, operationId: "op-2", width: 1, height: 1 }));
    await upload();
    await userEvent.type(screen.getByLabelText("Custom background (optional)"), "a beach");
    expect(screen.getByTestId("char-counter")).toHaveTextContent("7/200");
    expect(screen.getByRole("radio", { name: "Transparent" })).toHaveAttribute("aria-checked", "false");
    await userEvent.click(screen.getByRole("button", { name: "Remove Background" }));
    await screen.findByRole("button", { name: "Download PNG" });
    const form = (toolCalls()[0] as [string, RequestInit])[1].body as FormData;
    expect(form.get("prompt")).toBe("a beach");
    expect(form.get("background")).toBeNull();
  });

  it("says so when the service answers without a result, and uses the fallback for failures", async () => {
    renderTool(<BackgroundRemovalScreen />, user(10));
    fetchMock.mockImplementationOnce(async () => reply(200, { result: {}, operationId: "op", width: 1, height: 1 }));
    await upload();
    await userEvent.click(screen.getByRole("button", { name: "Remove Background" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Error", { description: "No result from background removal service" }));

    fetchMock.mockImplementationOnce(async () => reply(502, { error: "provider_failed", message: "The image provider failed." }));
    await userEvent.click(screen.getByRole("button", { name: "Remove Background" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Error", { description: "Failed to remove background. Please try again" }));
    expect(screen.queryByRole("button", { name: "Download PNG" })).not.toBeInTheDocument();
  });
});

describe("the Cartoon style screen", () => {
  it("lists the six styles with names and descriptions, and costs 3 credits", () => {
    renderTool(<CartoonStyleScreen />, user(10));
    const styles = within(screen.getByRole("radiogroup", { name: "Style" })).getAllByRole("radio");
    expect(styles).toHaveLength(6);
    for (const name of ["Cartoon", "Anime", "Clay", "3D Style", "Retro Cartoon", "Studio Animation"]) {
      expect(screen.getByRole("radio", { name })).toHaveAccessibleDescription();
    }
    expect(screen.getByRole("radio", { name: "Studio Animation" })).toHaveAccessibleDescription("Hand-painted feature-film animation");
    expect(screen.getByTestId("tool-cost")).toHaveTextContent("Cost: 3 credits");
    expect(styles.every((style) => style.getAttribute("aria-checked") === "false")).toBe(true);
  });

  it("says No Image without an image, and No Style Selected without a style or text, sending nothing", async () => {
    renderTool(<CartoonStyleScreen />, user(10));
    await userEvent.click(screen.getByRole("button", { name: "Apply Style" }));
    expect(toast.error).toHaveBeenLastCalledWith("No Image", { description: "Please upload an image first." });
    await upload();
    await userEvent.click(screen.getByRole("button", { name: "Apply Style" }));
    expect(toast.error).toHaveBeenLastCalledWith("No Style Selected", { description: "Please select a cartoon style first." });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses a user with 0 credits before any upload", async () => {
    renderTool(<CartoonStyleScreen />, user(0));
    expect(screen.getByText("You're out of credits!")).toBeInTheDocument();
    await upload();
    await userEvent.click(screen.getByRole("radio", { name: "Anime" }));
    await userEvent.click(screen.getByRole("button", { name: "Apply Style" }));
    expect(toast.error).toHaveBeenCalledWith("Insufficient Credits", { description: "Not enough credits for cartoon styling." });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses a guest with the cartoon wording", async () => {
    renderTool(<CartoonStyleScreen />, null);
    await upload();
    await userEvent.click(screen.getByRole("radio", { name: "Clay" }));
    await userEvent.click(screen.getByRole("button", { name: "Apply Style" }));
    expect(toast.error).toHaveBeenCalledWith("Not Enough Credits", {
      description: "You need 3 credits to apply cartoon style. Please log in or upgrade to get more credits.",
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("posts the chosen style and shows the result; safety and timeout failures get the cartoon wording", async () => {
    renderTool(<CartoonStyleScreen />, user(10));
    await upload();
    await userEvent.click(screen.getByRole("radio", { name: "3D Style" }));

    fetchMock.mockImplementationOnce(async () => reply(422, { error: "moderated", message: "NSFW content detected" }));
    await userEvent.click(screen.getByRole("button", { name: "Apply Style" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenLastCalledWith("Error", { description: "Image content was flagged by safety filters. Please try a different image" }),
    );

    // The workers' image check refused the photo: the spec's safety message in the screen's language, whatever the server's.
    fetchMock.mockImplementationOnce(async () =>
      reply(422, { error: "content_refused", message: "Deine Anfrage wurde von den KI-Sicherheitsfiltern blockiert." }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Apply Style" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenLastCalledWith("Error", {
        description: "Your request was blocked by AI safety filters. Please avoid copyrighted characters, inappropriate content, or sensitive topics.",
      }),
    );

    fetchMock.mockImplementationOnce(async () => reply(504, { error: "timeout", message: "The provider timed out." }));
    await userEvent.click(screen.getByRole("button", { name: "Apply Style" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenLastCalledWith("Error", { description: "Processing took too long. Please try again with a smaller image." }),
    );

    fetchMock.mockImplementationOnce(async () => reply(200, { result: { sample: "/api/files/toon" }, operationId: "op", width: 1, height: 1 }));
    await userEvent.click(screen.getByRole("button", { name: "Apply Style" }));
    expect(await screen.findByRole("button", { name: "Download PNG" })).toBeInTheDocument();
    const form = (toolCalls().at(-1) as [string, RequestInit])[1].body as FormData;
    expect(form.get("operation")).toBe("cartoon_style");
    expect(form.get("style")).toBe("3d");
  });
});

describe("the File conversion screen", () => {
  it("reads formats from the bytes, not the name", () => {
    expect(detectFormat(new Uint8Array(PNG_BYTES), "image/jpeg")).toBe("png");
    expect(detectFormat(new Uint8Array([0x42, 0x4d, 0, 0]))).toBe("bmp");
    expect(detectFormat(new Uint8Array([0x49, 0x49, 0x2a, 0]))).toBe("tiff");
    expect(detectFormat(new Uint8Array([1, 2, 3]), "image/webp")).toBe("webp");
  });

  it("says No Image and sends nothing without an image; it is free, so guests may use it", async () => {
    renderTool(<FileConversionScreen />, null);
    expect(screen.getByTestId("tool-cost")).toHaveTextContent("Free: no credits needed");
    await userEvent.click(screen.getByRole("button", { name: "Convert Image" }));
    expect(toast.error).toHaveBeenCalledWith("No Image", { description: "Please upload an image first." });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the original format and disables Convert Image when the target is the same", async () => {
    renderTool(<FileConversionScreen />, null);
    await upload();
    expect(await screen.findByText("Original format: PNG")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("radio", { name: "PNG" }));
    expect(screen.getByRole("button", { name: "Convert Image" })).toBeDisabled();
    expect(screen.getByText("The image is already in PNG format.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Convert Image" })).toHaveAccessibleDescription("The image is already in PNG format.");
    await userEvent.click(screen.getByRole("radio", { name: "WebP" }));
    expect(screen.getByRole("button", { name: "Convert Image" })).toBeEnabled();
    expect(screen.queryByText("The image is already in PNG format.")).not.toBeInTheDocument();
  });

  it("converts a guest's image to JPEG at quality 95, previews it and downloads converted-image-{time}.jpg with Downloaded!", async () => {
    renderTool(<FileConversionScreen />, null);
    fetchMock.mockImplementationOnce(async () => reply(200, { convertedImage: "/api/files/converted", format: "jpeg", operationId: "op" }));
    await upload();
    await screen.findByText("Original format: PNG");
    await userEvent.click(screen.getByRole("radio", { name: "JPEG" }));
    await userEvent.click(screen.getByRole("button", { name: "Convert Image" }));

    expect(await screen.findByRole("button", { name: "Download JPEG" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Your image converted to JPEG" })).toHaveAttribute("src", "/api/files/converted");
    const [url, init] = toolCalls()[0] as [string, RequestInit];
    expect(url).toBe("/api/convert-image");
    const body = JSON.parse(String(init.body)) as { image: string; format: string; quality: number };
    expect(body.format).toBe("jpeg");
    expect(body.quality).toBe(95);
    expect(body.image).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);

    await userEvent.click(screen.getByRole("button", { name: "Download JPEG" }));
    expect(downloadImage).toHaveBeenCalledWith("/api/files/converted", { filename: expect.stringMatching(/^converted-image-\d+\.jpg$/) });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Downloaded!", { description: "Your JPEG file has been saved to your downloads." }));
  });

  it("says Failed to convert image when the server fails, and No converted image received when it answers empty", async () => {
    renderTool(<FileConversionScreen />, null);
    await upload();
    await screen.findByText("Original format: PNG");
    fetchMock.mockImplementationOnce(async () => reply(500, { error: "internal", message: "Conversion failed." }));
    await userEvent.click(screen.getByRole("button", { name: "Convert Image" }));
    await waitFor(() => expect(toast.error).toHaveBeenLastCalledWith("Error", { description: "Failed to convert image" }));
    fetchMock.mockImplementationOnce(async () => reply(200, { format: "jpeg" }));
    await userEvent.click(screen.getByRole("button", { name: "Convert Image" }));
    await waitFor(() => expect(toast.error).toHaveBeenLastCalledWith("Error", { description: "No converted image received" }));
  });
});
