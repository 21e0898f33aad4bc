// The console's Reports screen and its decisions, against the real database and the site's mail:
// the lists behind the console's gate; removing (share revoked, picture hidden, owner mailed a
// statement of reasons with a one-time appeal link, reporter told, audited); dismissing (a share a
// minors report hid is shown again, reporter told, audited); suspending the owner; and a second
// decision refused with 409.
import { createHash, randomUUID } from "node:crypto";
import { GET as reportImage } from "@/app/api/admin/reports/[id]/image/route";
import { POST as suspend } from "@/app/api/admin/reports/[id]/suspension/route";
import { GET as reportList } from "@/app/api/admin/reports/route";
import { GET as file } from "@/app/api/files/[id]/route";
import { db } from "@/lib/db";
import { storeImage } from "@/lib/storage/files";
import { blobStore } from "@/lib/storage/store";
import { adminSession, callAdmin } from "./admin-helpers";
import { apiRequest, signedInUser } from "./helpers";
import { appealLinkIn, decideAs, reportedShare, sendReport, sharedPicture, validReport } from "./report-helpers";
import { usingSiteMailbox } from "./site-mailbox";

const REASON = "Checked against the rights holder's registration";
const mailbox = usingSiteMailbox();

const listAs = (cookie: string | undefined, query = "") => reportList(apiRequest("GET", `/api/admin/reports${query}`, { cookie }));
const fileAs = (id: string, cookie?: string) => file(apiRequest("GET", `/api/files/${id}`, { cookie }), { params: Promise.resolve({ id }) });
const auditOf = (reportId: string) => db.auditLog.findMany({ where: { targetType: "report", targetId: reportId }, orderBy: { id: "asc" } });

describe("the reports list", () => {
  it("is behind the console's gate: 404 for a guest and a user, the picture too", async () => {
    const { reportId } = await reportedShare();
    const { cookie } = await signedInUser();
    for (const response of [await listAs(undefined), await listAs(cookie)]) expect(response.status).toBe(404);
    const image = await reportImage(apiRequest("GET", `/api/admin/reports/${reportId}/image`, { cookie }), { params: Promise.resolve({ id: reportId }) });
    expect(image.status).toBe(404);
  });

  it("lists open reports newest first with the content, the reporter and the owner, and serves the picture to the admin", async () => {
    const { cookie } = await adminSession();
    const older = await reportedShare();
    const newer = await reportedShare({ category: "privacy" });
    const page = (await (await listAs(cookie, "?limit=100")).json()) as { items: Array<Record<string, unknown>> };
    const ids = page.items.map((item) => item.id);
    expect(ids.indexOf(newer.reportId)).toBeLessThan(ids.indexOf(older.reportId));
    expect(page.items.find((item) => item.id === newer.reportId)).toMatchObject({
      url: newer.shared.url,
      category: "privacy",
      explanation: "This is my photograph, copied without permission.",
      reporterName: "Ada Lovelace",
      reporterEmail: newer.reporterEmail,
      status: "open",
      target: { kind: "share", ownerId: newer.owner.user.id, ownerEmail: newer.owner.user.email, hidden: false, revoked: false },
      imageUrl: `/api/admin/reports/${newer.reportId}/image`,
      appeal: null,
    });
    const picture = await reportImage(apiRequest("GET", `/api/admin/reports/${newer.reportId}/image`, { cookie }), {
      params: Promise.resolve({ id: newer.reportId }),
    });
    expect([picture.status, picture.headers.get("content-type"), picture.headers.get("cache-control")]).toEqual([200, "image/png", "private, no-store"]);
    const served = await db.storedFile.findUniqueOrThrow({ where: { id: newer.shared.served.id } });
    expect(Number(picture.headers.get("content-length"))).toBe(served.byteSize);
  });

  it("answers a bad status or limit with 400", async () => {
    const { cookie } = await adminSession();
    for (const query of ["?status=closed", "?limit=0", "?cursor=@@"]) expect((await listAs(cookie, query)).status).toBe(400);
  });
});

describe("deciding a report", () => {
  it("removes: share revoked, both files hidden, statement of reasons with a one-time appeal link, reporter told, audited", async () => {
    const { cookie, user: admin } = await adminSession();
    const { owner, shared, reportId, reporterEmail } = await reportedShare();
    await db.user.update({ where: { id: owner.user.id }, data: { locale: "fr" } });
    const ownerMails = mailbox().received.length;
    const answer = await decideAs(cookie, reportId, { decision: "remove", reason: REASON });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: reportId, status: "removed", ownerMailed: true, reporterMailed: true });

    const report = await db.report.findUniqueOrThrow({ where: { id: reportId } });
    expect(report).toMatchObject({ status: "removed", decidedById: admin.id, decisionRule: "intellectual_property", decisionNote: REASON });
    const share = await db.share.findUniqueOrThrow({ where: { id: shared.share.id } });
    expect(share.revokedAt).toEqual(report.decidedAt);
    for (const id of [shared.served.id, shared.source.id])
      expect((await db.storedFile.findUniqueOrThrow({ where: { id } })).removedAt).toEqual(report.decidedAt);
    // Hidden from its owner too, wherever it was served.
    expect((await fileAs(shared.source.id, owner.cookie)).status).toBe(404);

    const statement = await mailbox().waitFor(owner.user.email, { since: ownerMails });
    const text = statement.parsed.text ?? "";
    expect(statement.parsed.subject).toBe("Nous avons retiré un contenu que vous avez partagé sur Pictura");
    expect(text).toContain(shared.url);
    expect(text).toContain("Atteinte à la propriété intellectuelle d’autrui");
    expect(text).toContain(REASON);
    expect(text).toContain("aucun moyen automatisé");
    const { url: link, token } = appealLinkIn(statement);
    expect(link.pathname).toMatch(/^\/fr\/appeal\/[A-Za-z0-9_-]{43}$/);
    expect(report.appealTokenHash).toBe(createHash("sha256").update(token).digest("hex"));

    const told = await mailbox().waitFor(reporterEmail!);
    expect(told.parsed.subject).toBe("We have received your report");
    const outcome = await mailbox().waitFor(reporterEmail!, { since: mailbox().received.indexOf(told) + 1 });
    expect(outcome.parsed.subject).toBe("The outcome of your report");
    expect(outcome.parsed.text).toContain("removed the content");

    const audit = await auditOf(reportId);
    expect(audit.map((row) => [row.action, row.actorId, row.reason])).toEqual([["report.remove", admin.id, REASON]]);
    expect(audit[0]!.after).toMatchObject({ status: "removed", shareId: shared.share.id, ownerId: owner.user.id, revoked: true });
    expect(((audit[0]!.after as { removedFiles: string[] }).removedFiles ?? []).sort()).toEqual([shared.served.id, shared.source.id].sort());
  });

  it("takes the picture down wherever its owner keeps it: another link to it, a saved copy of it, never someone else's", async () => {
    const { cookie } = await adminSession();
    const { owner, shared, reportId } = await reportedShare();
    const again = await sharedPicture(owner.user.id, { source: shared.source });
    // The same bytes stored again, as a gallery save or a project keeps them.
    const bytes = (await blobStore().get(shared.source.storageKey))!.body;
    const copyOf = (userId: string) => storeImage({ buffer: bytes, contentType: "image/png", width: 8, height: 8 }, { userId, isPrivate: true, ttlDays: null });
    const saved = await copyOf(owner.user.id);
    const { user: stranger } = await signedInUser();
    const strangers = await copyOf(stranger.id);
    const unrelated = await sharedPicture(owner.user.id);
    // Someone else reported the other link to the same picture.
    const otherLinkReport = (await sendReport(validReport(again.url))).body.id as string;
    expect((await decideAs(cookie, reportId, { decision: "remove", reason: REASON })).status).toBe(200);
    expect((await db.report.findUniqueOrThrow({ where: { id: otherLinkReport } })).status).toBe("removed");

    const { decidedAt } = await db.report.findUniqueOrThrow({ where: { id: reportId } });
    expect((await db.share.findUniqueOrThrow({ where: { id: again.share.id } })).revokedAt).toEqual(decidedAt);
    for (const id of [again.served.id, saved.id]) expect((await db.storedFile.findUniqueOrThrow({ where: { id } })).removedAt).toEqual(decidedAt);
    expect((await db.storedFile.findUniqueOrThrow({ where: { id: strangers.id } })).removedAt).toBeNull();
    expect((await db.share.findUniqueOrThrow({ where: { id: unrelated.share.id } })).revokedAt).toBeNull();
    expect((await db.storedFile.findUniqueOrThrow({ where: { id: unrelated.source.id } })).removedAt).toBeNull();
    const after = (await auditOf(reportId))[0]!.after as { revokedShares: string[]; removedFiles: string[] };
    expect(after.revokedShares.sort()).toEqual([shared.share.id, again.share.id].sort());
    expect(after.removedFiles.sort()).toEqual([shared.source.id, shared.served.id, again.served.id, saved.id].sort());
  });

  it("settles the share's other open reports with a removal: each reporter told, one statement and one appeal for the owner", async () => {
    const { cookie } = await adminSession();
    const { owner, shared, reportId } = await reportedShare();
    const second = validReport(shared.url, { category: "privacy", explanation: "It shows my house number and my car's plate." });
    const secondId = (await sendReport(second)).body.id as string;
    const elsewhere = await reportedShare();
    await mailbox().waitFor(second.email);
    const ownerMails = mailbox().received.filter((mail) => mail.to.includes(owner.user.email)).length;
    const since = mailbox().received.length;
    expect((await decideAs(cookie, reportId, { decision: "remove", reason: REASON })).status).toBe(200);

    const settled = await db.report.findUniqueOrThrow({ where: { id: secondId } });
    const decided = await db.report.findUniqueOrThrow({ where: { id: reportId } });
    expect(settled).toMatchObject({ status: "removed", decidedAt: decided.decidedAt, decisionNote: REASON, appealTokenHash: null });
    // A report of other content stays open.
    expect((await db.report.findUniqueOrThrow({ where: { id: elsewhere.reportId } })).status).toBe("open");
    const outcome = await mailbox().waitFor(second.email, { since });
    expect(outcome.parsed.subject).toBe("The outcome of your report");
    expect(outcome.parsed.text).toContain("removed the content");
    expect(mailbox().received.filter((mail) => mail.to.includes(owner.user.email))).toHaveLength(ownerMails + 1);
    expect((await auditOf(reportId))[0]!.after).toMatchObject({ settledReports: [secondId] });
    // Settled, it takes no decision of its own.
    expect((await decideAs(cookie, secondId, { decision: "remove", reason: REASON })).status).toBe(409);
  });

  it("removes under another rule when the admin picks one, and answers a second decision with 409, changing nothing", async () => {
    const { cookie } = await adminSession();
    const { reportId } = await reportedShare();
    expect((await decideAs(cookie, reportId, { decision: "remove", rule: "privacy", reason: REASON })).status).toBe(200);
    expect((await db.report.findUniqueOrThrow({ where: { id: reportId } })).decisionRule).toBe("privacy");
    const mailsBefore = mailbox().received.length;
    for (const body of [
      { decision: "dismiss", reason: REASON },
      { decision: "remove", reason: REASON },
    ]) {
      const again = await decideAs(cookie, reportId, body);
      expect(again.status).toBe(409);
      expect(again.body.error).toBe("report_already_decided");
    }
    expect((await db.report.findUniqueOrThrow({ where: { id: reportId } })).status).toBe("removed");
    expect(await auditOf(reportId)).toHaveLength(1);
    expect(mailbox().received.length).toBe(mailsBefore);
  });

  it("dismisses a minors report: the hidden share is shown again, the reporter told, audited", async () => {
    const { cookie, user: admin } = await adminSession();
    const { shared, reportId, reporterEmail } = await reportedShare({ category: "child_sexual_abuse" });
    expect((await db.share.findUniqueOrThrow({ where: { id: shared.share.id } })).hiddenAt).toBeInstanceOf(Date);
    const receipt = await mailbox().waitFor(reporterEmail!);
    const answer = await decideAs(cookie, reportId, { decision: "dismiss", reason: REASON });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: "dismissed", ownerMailed: false, reporterMailed: true });
    const share = await db.share.findUniqueOrThrow({ where: { id: shared.share.id } });
    expect([share.hiddenAt, share.revokedAt]).toEqual([null, null]);
    expect((await db.storedFile.findUniqueOrThrow({ where: { id: shared.served.id } })).removedAt).toBeNull();
    const told = await mailbox().waitFor(reporterEmail!, { since: mailbox().received.indexOf(receipt) + 1 });
    expect(told.parsed.subject).toBe("The outcome of your report");
    expect(told.parsed.text).toContain("stays available");
    const audit = await auditOf(reportId);
    expect(audit.map((row) => [row.action, row.actorId, row.reason])).toEqual([["report.dismiss", admin.id, REASON]]);
    expect(audit[0]!.after).toMatchObject({ status: "dismissed", shownAgain: true });
  });

  it("keeps a share hidden while another minors report of it is open", async () => {
    const { cookie } = await adminSession();
    const { shared, reportId } = await reportedShare({ category: "child_sexual_abuse" });
    const second = await sendReport(validReport(shared.url, { category: "child_sexual_abuse", name: undefined, email: undefined }));
    expect((await decideAs(cookie, reportId, { decision: "dismiss", reason: REASON })).status).toBe(200);
    expect((await db.share.findUniqueOrThrow({ where: { id: shared.share.id } })).hiddenAt).toBeInstanceOf(Date);
    expect((await decideAs(cookie, second.body.id as string, { decision: "dismiss", reason: REASON })).status).toBe(200);
    expect((await db.share.findUniqueOrThrow({ where: { id: shared.share.id } })).hiddenAt).toBeNull();
  });

  it("refuses a decision without a reason, with an unknown decision, or on a report that does not exist", async () => {
    const { cookie } = await adminSession();
    const { reportId } = await reportedShare();
    expect((await decideAs(cookie, reportId, { decision: "remove", reason: "short" })).status).toBe(400);
    expect((await decideAs(cookie, reportId, { decision: "delete", reason: REASON })).status).toBe(400);
    expect((await decideAs(cookie, reportId, { decision: "remove", rule: "spam", reason: REASON })).status).toBe(400);
    const missing = await decideAs(cookie, "no-such-report", { decision: "remove", reason: REASON });
    expect([missing.status, missing.body.error]).toEqual([404, "report_not_found"]);
    expect((await db.report.findUniqueOrThrow({ where: { id: reportId } })).status).toBe("open");
  });

  it("suspends the owner through the console's suspension, audited, leaving the report open", async () => {
    const { cookie, user: admin } = await adminSession();
    const { owner, reportId } = await reportedShare();
    const path = `/api/admin/reports/${reportId}/suspension`;
    const answer = await callAdmin(
      suspend,
      "POST",
      path,
      { id: reportId },
      { cookie, body: { category: "abuse", reason: REASON }, idempotencyKey: randomUUID() },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ userId: owner.user.id, suspended: true, changed: true });
    expect((await db.user.findUniqueOrThrow({ where: { id: owner.user.id } })).suspendedAt).toBeInstanceOf(Date);
    const audit = await db.auditLog.findMany({ where: { targetType: "user", targetId: owner.user.id } });
    expect(audit.map((row) => [row.action, row.actorId, row.reason])).toEqual([["user.suspend", admin.id, REASON]]);
    expect((await db.report.findUniqueOrThrow({ where: { id: reportId } })).status).toBe("open");
    const bad = await callAdmin(
      suspend,
      "POST",
      path,
      { id: reportId },
      { cookie, body: { category: "whatever", reason: REASON }, idempotencyKey: randomUUID() },
    );
    expect(bad.status).toBe(400);
  });
});
