import { classifyProcessingError } from "@/lib/imaging/processing-errors";

describe("the processing error mapping of spec §8", () => {
  it.each([
    [{ status: 401, code: "unauthorized", message: "Please sign in to continue." }, { kind: "authentication" }],
    [{ status: 400, message: "Unauthorized access" }, { kind: "authentication" }],
    [
      { status: 402, code: "insufficient_credits", message: "Insufficient credits. You need 3 credits but only have 1." },
      { kind: "insufficient_credits", text: "Insufficient credits. You need 3 credits but only have 1." },
    ],
    [
      {
        status: 413,
        code: "guest_image_too_many_pixels",
        message: "The image has too many pixels for a guest (at most 12 megapixels). Sign in to convert images of up to 40 megapixels.",
      },
      { kind: "guest_too_many_pixels" },
    ],
    [{ status: 504, code: "timeout", message: "Processing timeout: the image service did not finish in time." }, { kind: "timeout" }],
    [{ status: 422, code: "moderated", message: "Request moderated: the provider's safety filter blocked this content." }, { kind: "moderated" }],
    [{ status: 400, message: "Blocked by the safety system" }, { kind: "moderated" }],
    // Our own refusals arrive in the caller's language: the code alone says what they are.
    [{ status: 422, code: "content_refused", message: "Deine Anfrage wurde von den KI-Sicherheitsfiltern blockiert." }, { kind: "refused" }],
    [{ status: 400, code: "prompt_refused", message: "リクエストは AI の安全フィルターによってブロックされました。" }, { kind: "refused" }],
    [{ status: 502, code: "processing_failed", message: "Image processing failed at Flux (Error): GPU lost" }, { kind: "failed" }],
    [{ status: 500, code: "internal_error", message: "Something went wrong. Please try again." }, { kind: "failed" }],
    [
      { status: 400, code: "invalid_image", message: "The image file is damaged or incomplete." },
      { kind: "message", text: "The image file is damaged or incomplete." },
    ],
    [{ status: 400 }, { kind: "failed" }],
  ])("maps %p", (failure, expected) => {
    expect(classifyProcessingError(failure)).toEqual(expected);
  });
});
