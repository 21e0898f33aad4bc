// One contract per public call: what the route wrapper enforces for it (who may call, that an API key
// may stand in for the session, whether it spends and so takes an Idempotency-Key) and what the
// OpenAPI document says of it, in one object. Each call's route passes its contract to route()
// (lib/http/route.ts), and the document (lib/openapi/document.ts) is built from the same objects, so a
// call cannot take a key without being documented, nor be documented without taking one. The tools'
// calls come from the tool registry: its entries' `api` and their server parts' request shapes.
import { z } from "zod";
import { SERVER_TOOLS, toolCallsOf } from "@/lib/tools/server-facts";
import { TOOLS, type ToolId } from "@/lib/tools/registry";
import { TOOL_SERVER_PARTS, type ToolServerPart } from "@/lib/tools/server";
import type { ServerToolEntry, ToolEntry } from "@/lib/tools/types";
import { imageResultSchema } from "@/lib/validation/imaging";
import { balanceSchema, operationResourceSchema, operationViewSchema } from "@/lib/openapi/schemas";
import { credentialsReportSchema } from "@/lib/provenance/verify-report";
import { reportReceiptSchema, reportSchema } from "@/lib/validation/reports";
import { createShareSchema, shareListSchema, shareSchema } from "@/lib/validation/shares";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface DocumentedAnswer {
  description: string;
  schema?: z.ZodType;
  /** Another type than application/json, e.g. an image or an event stream. */
  contentType?: string;
}

/** What the OpenAPI document says of a call. */
export interface CallDoc {
  tag: "Images" | "Operations" | "Credits" | "Files" | "Shares" | "Reports";
  summary: string;
  description?: string;
  /** A JSON body, as the route parses it. */
  json?: z.ZodType;
  /** A multipart form: its text fields' schema and its image files, each with what it is. */
  multipart?: { fields: z.ZodType; files: Record<string, string> };
  /** The call may answer 202 with the operation to follow when sent `Prefer: respond-async`. */
  async?: boolean;
  /** The successful answers, by status. */
  answers: Record<number, DocumentedAnswer>;
  /** The refusals it may give besides those every call may give, by status, with when. */
  errors?: Record<number, string>;
}

export interface ApiContract {
  method: HttpMethod;
  /** As in OpenAPI: /api/operations/{id}; the route's folder, with [id] written {id}. */
  path: `/api/${string}`;
  /** `guest`: anyone may call it without a key or a session (a guest's conversion); `session`: a session or a key. */
  auth: "session" | "guest";
  /** An API key may make the call; `spends`: it may charge credits, and so takes an Idempotency-Key. */
  keys: { spends: boolean };
  doc: CallDoc;
}

const IMAGE_ERRORS = {
  400:
    "The request is not valid (invalid_request), an image is not a supported picture (invalid_image), or the prompt asks for " +
    "sexual content with minors, sexual violence or explicit sexual content (prompt_refused, in the caller's language). Nothing is charged.",
  402: "Not enough credits (insufficient_credits). Nothing is charged.",
  413: "An image is larger than 10 MB or has too many pixels.",
  422:
    "Refused on safety grounds: the image check found an input or the result explicit (content_refused, in the caller's language), " +
    "or the provider's safety system refused it (moderated). Nothing is charged.",
};
const RESULT = { description: "The finished image, stored at our own URL.", schema: imageResultSchema };
const PHOTO = { image: "The photo (PNG, JPEG or WebP, at most 10 MB)." };

/** A tool that takes its settings with the photo (multipart), or with a data URL or one of your results' URLs as `image` (JSON). */
function photoTool(fields: z.ZodType) {
  const reference = z.object({ image: z.string().min(1).describe("A data URL, or the URL of one of your results.") });
  return { json: reference.and(fields), multipart: { fields, files: PHOTO } };
}

/**
 * The tools' calls, in the registry's order, each documented by its entry and shaped by its server
 * part: by default an image call that may answer later with the stored image and refuses as every
 * image call does. Only calls an API key may make are public.
 */
export function toolContractsOf(
  tools: readonly ServerToolEntry[] = SERVER_TOOLS,
  serverParts: Partial<Record<string, ToolServerPart>> = TOOL_SERVER_PARTS,
): ApiContract[] {
  return toolCallsOf(tools)
    .filter((call) => call.keys)
    .map(({ method, path, open, spends, doc, documentedBy }) => {
      const part = serverParts[documentedBy.id];
      const shape = part?.request ?? {};
      const errors = shape.errors ? Object.fromEntries(shape.errors.map((status) => [status, IMAGE_ERRORS[status]])) : IMAGE_ERRORS;
      return {
        method,
        path,
        auth: open ? "guest" : "session",
        keys: { spends },
        doc: {
          tag: "Images",
          summary: doc?.summary ?? path,
          ...(doc?.description ? { description: doc.description } : {}),
          ...(part?.photo ? photoTool(part.photo.fields) : {}),
          ...(shape.json ? { json: shape.json } : {}),
          ...(shape.multipart ? { multipart: shape.multipart } : {}),
          ...(shape.async === false ? {} : { async: true }),
          answers: shape.answers ?? { 200: RESULT },
          errors,
        },
      };
    });
}

const TOOL_CONTRACTS = toolContractsOf();

function contractAt(path: string | undefined, of: string): ApiContract {
  const contract = TOOL_CONTRACTS.find((candidate) => candidate.path === path);
  if (!contract) throw new Error(`${of} has no call an API key may make.`);
  return contract;
}

/** The contract of a tool's call (tools that share a call share its contract). */
export function toolContract(id: ToolId): ApiContract {
  const tool: ToolEntry | undefined = TOOLS.find((candidate) => candidate.id === id);
  return contractAt(tool?.call, `The tool ${id}`);
}

/** The contract of the tools' call at a path, for a call's route file of its own: its path, not a tool, names it. */
export function callContract(path: Extract<(typeof TOOLS)[number], { call: string }>["call"]): ApiContract {
  return contractAt(path, path);
}

const NO_SUCH_OPERATION = { 404: "No such operation of yours (operation_not_found)." };

/** The calls of the operations, credits and files that every tool's work goes through. */
export const CONTRACTS = {
  repeatOperation: {
    method: "POST",
    path: "/api/operations/{id}/repeat",
    auth: "session",
    keys: { spends: true },
    doc: {
      tag: "Operations",
      summary: "Make a result again with the same inputs, settings and seed",
      async: true,
      answers: { 200: RESULT },
      errors: { 402: IMAGE_ERRORS[402], ...NO_SUCH_OPERATION },
    },
  },
  operation: {
    method: "GET",
    path: "/api/operations/{id}",
    auth: "guest",
    keys: { spends: false },
    doc: {
      tag: "Operations",
      summary: "An operation's state, progress, result and recipe",
      answers: { 200: { description: "The operation; webhooks carry this same shape as data.operation.", schema: operationResourceSchema } },
      errors: NO_SUCH_OPERATION,
    },
  },
  operationEvents: {
    method: "GET",
    path: "/api/operations/{id}/events",
    auth: "guest",
    keys: { spends: false },
    doc: {
      tag: "Operations",
      summary: "Follow an operation as server-sent events",
      description:
        "Each `data:` line is the operation's state (the shape of GET /api/operations/{id} without its recipe); the stream ends when the operation does.",
      answers: { 200: { description: "An event stream of operation states.", contentType: "text/event-stream", schema: operationViewSchema } },
      errors: NO_SUCH_OPERATION,
    },
  },
  cancelOperation: {
    method: "POST",
    path: "/api/operations/{id}/cancel",
    auth: "guest",
    keys: { spends: false },
    doc: {
      tag: "Operations",
      summary: "Cancel an operation (refunded in full)",
      answers: { 200: { description: "The operation after the cancel request.", schema: operationViewSchema } },
      errors: NO_SUCH_OPERATION,
    },
  },
  balance: {
    method: "GET",
    path: "/api/credits/balance",
    auth: "session",
    keys: { spends: false },
    doc: { tag: "Credits", summary: "Your credit balance", answers: { 200: { description: "Credits left.", schema: balanceSchema } } },
  },
  // Results are our own private file URLs: a key's owner downloads them with the key.
  file: {
    method: "GET",
    path: "/api/files/{id}",
    auth: "guest",
    keys: { spends: false },
    doc: {
      tag: "Files",
      summary: "Download a result",
      answers: {
        200: { description: "The image's bytes.", contentType: "image/*" },
        302: { description: "A short-lived address of the bytes (when files are served from object storage)." },
      },
      errors: { 404: "No such file of yours (file_not_found)." },
    },
  },
  // Free and open to anyone: reading an image's Content Credentials stores and charges nothing.
  verify: {
    method: "POST",
    path: "/api/verify",
    auth: "guest",
    keys: { spends: false },
    doc: {
      tag: "Images",
      summary: "Read an image's Content Credentials and AI label",
      description:
        "Reads the C2PA manifest of any image (PNG, JPEG, WebP, GIF, TIFF or BMP, at most 10 MB): who signed it and when, its actions, " +
        "whether AI made or changed it, whether the file changed since it was signed, and the IPTC digital source type in its XMP. " +
        "An image without credentials answers hasCredentials: false. Free; nothing is stored.",
      multipart: { fields: z.object({}), files: { image: "The image to check (PNG, JPEG, WebP, GIF, TIFF or BMP, at most 10 MB)." } },
      answers: { 200: { description: "What the image's credentials say.", schema: credentialsReportSchema } },
      errors: { 400: "The file is not a supported image (unsupported_image_type, invalid_image, missing_image).", 413: IMAGE_ERRORS[413] },
    },
  },
  // A share link publishes a smaller, re-encoded copy of one of your pictures at /s/{token}; never the file itself.
  createShare: {
    method: "POST",
    path: "/api/shares",
    auth: "session",
    keys: { spends: false },
    doc: {
      tag: "Shares",
      summary: "Share one of your images with a link",
      description:
        "Publishes a copy of one of your results or gallery images at /s/{token}: re-encoded, at most 2048 px on its long side, with its " +
        "Content Credentials signed again (the original as their ingredient). The original's address stays private. Links are not indexed by " +
        "search engines unless `indexable` is true. At most 30 links an hour.",
      json: createShareSchema,
      answers: { 201: { description: "The link, as the owner's list shows it.", schema: shareSchema } },
      errors: {
        400: "A field is not valid (invalid_request).",
        404: "No such image of yours (file_not_found).",
        409: "The image is waiting for a review (under_review).",
      },
    },
  },
  listShares: {
    method: "GET",
    path: "/api/shares",
    auth: "session",
    keys: { spends: false },
    doc: {
      tag: "Shares",
      summary: "Your share links, newest first",
      answers: { 200: { description: "Every link you made, with its state and views.", schema: shareListSchema } },
    },
  },
  revokeShare: {
    method: "DELETE",
    path: "/api/shares/{id}",
    auth: "session",
    keys: { spends: false },
    doc: {
      tag: "Shares",
      summary: "Revoke a share link",
      description: "The link answers 404 at once; caches keep its image at most 60 seconds. Revoking again changes nothing.",
      answers: { 204: { description: "Revoked." } },
      errors: { 404: "No such link of yours (share_not_found)." },
    },
  },
  // Open to anyone, as a notice must be (EU Digital Services Act, Art. 16): a few an hour per address.
  report: {
    method: "POST",
    path: "/api/reports",
    auth: "guest",
    keys: { spends: false },
    doc: {
      tag: "Reports",
      summary: "Report what one of our addresses shows",
      description:
        "A notice about a shared image (/s/{token}) or a file address of this site: a category, an explanation, and the reporter's name " +
        "and e-mail (both optional only for sexual content involving minors, which also hides the share at once). A receipt goes to the e-mail given.",
      json: reportSchema,
      answers: { 201: { description: "The report is stored and waits for an operator.", schema: reportReceiptSchema } },
      errors: {
        400:
          "A field is not valid (invalid_request), the address is not one of this site's (report_address_not_ours) or shows nothing " +
          "(report_target_not_found), name and e-mail are missing (reporter_contact_required) or the good-faith statement is (good_faith_required).",
        429: "More than 5 reports in an hour from one address (rate_limited).",
      },
    },
  },
} as const satisfies Record<string, ApiContract>;

/** Every public call: a registry's tools' (the real one unless a test passes another), then the others. */
export function apiContractsOf(tools?: readonly ServerToolEntry[], serverParts?: Partial<Record<string, ToolServerPart>>): ApiContract[] {
  return [...toolContractsOf(tools, serverParts), ...Object.values(CONTRACTS)];
}

/** Every public call, as the routes run by them (the same objects). */
export const API_CONTRACTS: readonly ApiContract[] = [...TOOL_CONTRACTS, ...Object.values(CONTRACTS)];
