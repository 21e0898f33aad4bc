// What /api/verify answers about an image's Content Credentials (C2PA) and its IPTC AI label: one zod
// schema, so the route's OpenAPI document, the service and the /verify page speak of the same shape.
import { z } from "zod";

export const IPTC_SOURCE_TYPE_PREFIX = "http://cv.iptc.org/newscodes/digitalsourcetype/";

/** IPTC digital source types that say a program, most often a trained model, made the whole picture. */
export const AI_MADE_SOURCE_TYPES = ["trainedAlgorithmicMedia", "algorithmicMedia"] as const;
/** IPTC digital source types that say a program made part of it or changed it. */
export const AI_CHANGED_SOURCE_TYPES = ["compositeWithTrainedAlgorithmicMedia", "compositeSynthetic", "algorithmicallyEnhanced"] as const;

/** Whether AI made or changed a picture, by the digital source types it declares. */
export function aiVerdictOf(sourceTypes: readonly (string | null | undefined)[]): "made" | "changed" | "none" {
  const names = sourceTypes.flatMap((type) => (type?.startsWith(IPTC_SOURCE_TYPE_PREFIX) ? [type.slice(IPTC_SOURCE_TYPE_PREFIX.length)] : []));
  if (names.some((name) => (AI_MADE_SOURCE_TYPES as readonly string[]).includes(name))) return "made";
  if (names.some((name) => (AI_CHANGED_SOURCE_TYPES as readonly string[]).includes(name))) return "changed";
  return "none";
}

const failureSchema = z.object({ code: z.string().describe("The C2PA validation code, e.g. assertion.dataHash.mismatch."), explanation: z.string() });

export const credentialsReportSchema = z
  .object({
    hasCredentials: z.boolean().describe("Whether the image carries a C2PA manifest (Content Credentials)."),
    format: z.string().describe("The image's type by its bytes, e.g. image/png."),
    width: z.number().int(),
    height: z.number().int(),
    signer: z
      .object({
        subject: z.string().nullable().describe("The signing certificate's subject (common name)."),
        issuer: z.string().nullable().describe("Who issued the signing certificate."),
        algorithm: z.string().nullable(),
        trusted: z.boolean().describe("Whether this site trusts the certificate: this installation's own root counts."),
        installationRoot: z.boolean().describe("Trusted because it is this installation's own root, which other verifiers do not know."),
        note: z.string().nullable(),
      })
      .nullable(),
    signedAt: z.string().nullable().describe("The signature's trusted time-stamp (ISO 8601), or null when it was not time-stamped."),
    timeStamped: z.boolean(),
    claimGenerator: z.string().nullable(),
    softwareAgents: z.array(z.string()),
    actions: z.array(
      z.object({
        action: z.string().describe("e.g. c2pa.created, c2pa.opened, c2pa.edited."),
        digitalSourceType: z.string().nullable(),
        softwareAgent: z.string().nullable(),
      }),
    ),
    ai: z.enum(["made", "changed", "none"]).describe("Whether AI made the picture, changed it, or neither, by its credentials' actions."),
    ingredients: z.array(z.object({ title: z.string().nullable(), relationship: z.string().nullable(), hasCredentials: z.boolean() })),
    validation: z
      .object({
        state: z.enum(["valid", "invalid"]),
        changedSinceSigned: z.boolean().describe("The file's bytes no longer match the signed hash."),
        failures: z.array(failureSchema),
      })
      .nullable(),
    iptcDigitalSourceType: z.string().nullable().describe("The IPTC digital source type the file's XMP declares, if any."),
  })
  .meta({ id: "ContentCredentialsReport" });

export type CredentialsReport = z.infer<typeof credentialsReportSchema>;
