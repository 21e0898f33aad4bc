// Anyone's notice about what one of our addresses shows (POST /api/reports): stored with the share or
// file it names and a receipt mailed in the reporter's language; every field checked with a clear
// code and nothing stored on a refusal; a few an hour per network address; and a report in the minors
// category hiding the share at once, anonymously.
import { randomUUID } from "node:crypto";
import { POST as report } from "@/app/api/reports/route";
import { db } from "@/lib/db";
import { REPORTS_PER_HOUR } from "@/lib/rate-limit/reports";
import { apiRequest, ORIGIN, signedInUser, uniqueIp } from "./helpers";
import { sendReport, sharedPicture, validReport } from "./report-helpers";
import { usingSiteMailbox } from "./site-mailbox";

const mailbox = usingSiteMailbox();

describe("POST /api/reports", () => {
  it("stores a report of a share and mails the reporter a receipt in their language", async () => {
    const { user } = await signedInUser();
    const shared = await sharedPicture(user.id);
    const body = validReport(shared.url, { locale: "de", email: `Reporter-${randomUUID()}@Example.com` });
    const answer = await sendReport(body);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ id: expect.any(String), status: "open", hidden: false, mailed: true });
    const row = await db.report.findUniqueOrThrow({ where: { id: answer.body.id as string } });
    expect(row).toMatchObject({
      url: shared.url,
      shareId: shared.share.id,
      fileId: shared.served.id,
      category: "intellectual_property",
      reporterName: "Ada Lovelace",
      reporterEmail: (body.email as string).toLowerCase(),
      locale: "de",
      goodFaith: true,
      status: "open",
    });
    const mail = await mailbox().waitFor(body.email as string);
    expect(mail.parsed.subject).toBe("Wir haben deine Meldung erhalten");
    const text = mail.parsed.text ?? "";
    expect(text).toContain(shared.url);
    expect(text).toContain("Geistiges Eigentum");
    expect(text).toContain(row.id);
    // A report of content is not the owner's business until a decision: nothing is hidden for this category.
    expect((await db.share.findUniqueOrThrow({ where: { id: shared.share.id } })).hiddenAt).toBeNull();
  });

  it("takes a share's address with a language prefix, and a file's address", async () => {
    const { user } = await signedInUser();
    const shared = await sharedPicture(user.id);
    const prefixed = await sendReport(validReport(`${ORIGIN}/fr/s/${shared.token}`));
    expect(prefixed.status).toBe(201);
    expect((await db.report.findUniqueOrThrow({ where: { id: prefixed.body.id as string } })).shareId).toBe(shared.share.id);
    const byFile = await sendReport(validReport(`${ORIGIN}/api/files/${shared.source.id}`));
    expect(byFile.status).toBe(201);
    expect(await db.report.findUniqueOrThrow({ where: { id: byFile.body.id as string } })).toMatchObject({ shareId: null, fileId: shared.source.id });
  });

  it.each<[string, string, Record<string, unknown>]>([
    ["an address on another site", "report_address_not_ours", { url: "https://evil.example/s/AAAAAAAAAAAAAAAAAAAAAA" }],
    ["an address of ours that is no share or file", "report_address_not_ours", { url: `${ORIGIN}/gallery` }],
    ["a javascript: address", "report_address_not_ours", { url: "javascript:alert(1)" }],
    ["a share token nobody has", "report_target_not_found", { url: `${ORIGIN}/s/${"Z".repeat(22)}` }],
    ["a file id nobody has", "report_target_not_found", { url: `${ORIGIN}/api/files/${"Y".repeat(24)}` }],
    ["no name", "reporter_contact_required", { name: "" }],
    ["no e-mail", "reporter_contact_required", { email: undefined }],
    ["no good-faith statement", "good_faith_required", { goodFaith: false }],
    ["an unknown category", "invalid_request", { category: "spam" }],
    ["a too short explanation", "invalid_request", { explanation: "bad" }],
    ["a too long explanation", "invalid_request", { explanation: "x".repeat(4001) }],
    ["a broken e-mail address", "invalid_request", { email: "not-an-address" }],
    ["a too long name", "invalid_request", { name: "n".repeat(201) }],
    ["no address", "invalid_request", { url: "" }],
    ["a good-faith statement that is not a boolean", "invalid_request", { goodFaith: "yes" }],
    ["an unknown language", "invalid_request", { locale: "xx" }],
  ])("refuses %s with 400 %s and stores nothing", async (_what, code, overrides) => {
    const { user } = await signedInUser();
    const shared = await sharedPicture(user.id);
    const before = await db.report.count();
    const answer = await sendReport(validReport(shared.url, overrides));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(code);
    expect(typeof answer.body.message).toBe("string");
    expect(await db.report.count()).toBe(before);
  });

  it("refuses a body that is not JSON with a 400", async () => {
    const response = await report(apiRequest("POST", "/api/reports", { rawBody: "{not json", headers: { "content-type": "application/json" } }));
    expect(response.status).toBe(400);
  });

  it(`lets one address send ${REPORTS_PER_HOUR} reports an hour, then answers 429 with Retry-After`, async () => {
    const { user } = await signedInUser();
    const shared = await sharedPicture(user.id);
    const ip = uniqueIp();
    for (let sent = 0; sent < REPORTS_PER_HOUR; sent++) expect((await sendReport(validReport(shared.url), ip)).status).toBe(201);
    const before = await db.report.count({ where: { shareId: shared.share.id } });
    const refused = await sendReport(validReport(shared.url), ip);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(60 * 59);
    expect(await db.report.count({ where: { shareId: shared.share.id } })).toBe(before);
    // Another address is not held back.
    expect((await sendReport(validReport(shared.url))).status).toBe(201);
  });

  it("hides the share at once on an anonymous report of sexual content involving minors, and mails nobody", async () => {
    const { user } = await signedInUser();
    const shared = await sharedPicture(user.id);
    const mailsBefore = mailbox().received.length;
    const answer = await sendReport(validReport(shared.url, { category: "child_sexual_abuse", name: undefined, email: undefined }));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ status: "open", hidden: true, mailed: false });
    const share = await db.share.findUniqueOrThrow({ where: { id: shared.share.id } });
    const row = await db.report.findUniqueOrThrow({ where: { id: answer.body.id as string } });
    expect(share.hiddenAt).toEqual(row.createdAt);
    expect(row).toMatchObject({ reporterName: null, reporterEmail: null });
    expect(mailbox().received.length).toBe(mailsBefore);
  });
});
