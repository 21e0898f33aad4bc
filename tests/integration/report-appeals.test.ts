// An owner's one appeal of a removal, from the statement of reasons' link, and the console's decision
// on it: the appeal page answers only a valid, unused link; the appeal is taken once (a second is a
// 409, an unknown link a 404); it appears in the console's appeals; upholding keeps the removal,
// reversing brings back the share and its files; each decision is audited, the owner mailed the
// outcome, and a second decision is a 409.
import { randomUUID } from "node:crypto";
import { POST as decideAppeal } from "@/app/api/admin/appeals/[id]/route";
import { GET as appealList } from "@/app/api/admin/appeals/route";
import { POST as appeal } from "@/app/api/appeals/route";
import { db } from "@/lib/db";
import { appealableRemoval } from "@/lib/reports/appeals";
import { APPEALS_PER_HOUR, REPORTS_PER_HOUR } from "@/lib/rate-limit/reports";
import { adminSession, callAdmin } from "./admin-helpers";
import { apiRequest, uniqueIp } from "./helpers";
import { appealLinkIn, decideAs, reportedShare, sendReport, sharedPicture, validReport } from "./report-helpers";
import { usingSiteMailbox } from "./site-mailbox";

const REASON = "Reviewed by a second operator against the licence";
const APPEAL = "I made this picture myself from my own photo; the reporter has no rights in it.";
const mailbox = usingSiteMailbox();

async function sendAppeal(body: unknown, ip?: string) {
  const response = await appeal(apiRequest("POST", "/api/appeals", { body, ip }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const decideAppealAs = (cookie: string, appealId: string, body: unknown) =>
  callAdmin(decideAppeal, "POST", `/api/admin/appeals/${appealId}`, { id: appealId }, { cookie, body, idempotencyKey: randomUUID() });

/** A removed share, its owner's statement of reasons and the token of its appeal link. */
async function removedShare() {
  const admin = await adminSession();
  const reported = await reportedShare();
  const since = mailbox().received.length;
  expect((await decideAs(admin.cookie, reported.reportId, { decision: "remove", reason: REASON })).status).toBe(200);
  const statement = await mailbox().waitFor(reported.owner.user.email, { since });
  return { ...reported, admin, token: appealLinkIn(statement).token };
}

describe("appealing a removal", () => {
  it("takes one appeal from the mail's link; a second is a 409 and a link nobody has is a 404", async () => {
    const { token, reportId, owner, shared } = await removedShare();
    expect(await appealableRemoval(token)).toMatchObject({ url: shared.url });
    const first = await sendAppeal({ token, text: APPEAL });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: "open" });
    const row = await db.reportAppeal.findUniqueOrThrow({ where: { reportId } });
    expect(row).toMatchObject({ userId: owner.user.id, text: APPEAL, status: "open" });
    const second = await sendAppeal({ token, text: `${APPEAL} Again.` });
    expect([second.status, second.body.error]).toEqual([409, "appeal_already_made"]);
    // The page no longer offers a used link.
    expect(await appealableRemoval(token)).toBeNull();
    for (const bad of ["A".repeat(43), "short", `${token}x`]) {
      const refused = await sendAppeal({ token: bad, text: APPEAL });
      expect([refused.status, refused.body.error]).toEqual([404, "appeal_not_found"]);
    }
    expect(await appealableRemoval("A".repeat(43))).toBeNull();
    expect(await db.reportAppeal.count({ where: { reportId } })).toBe(1);
  });

  it("refuses an appeal without a real explanation with 400, and keeps the link usable", async () => {
    const { token } = await removedShare();
    for (const body of [{ token, text: "no" }, { token }, { text: APPEAL }, { token, text: "x".repeat(4001) }]) {
      expect((await sendAppeal(body)).status).toBe(400);
    }
    expect(await appealableRemoval(token)).not.toBeNull();
  });

  it(`has an allowance of its own: an address that sent ${REPORTS_PER_HOUR} reports may still appeal, and ${APPEALS_PER_HOUR} tries an hour are all it gets`, async () => {
    const { token, owner } = await removedShare();
    const ip = uniqueIp();
    const other = await sharedPicture(owner.user.id);
    for (let sent = 0; sent < REPORTS_PER_HOUR; sent++) expect((await sendReport(validReport(other.url), ip)).status).toBe(201);
    expect((await sendReport(validReport(other.url), ip)).status).toBe(429);
    // Wrong links use up the address's tries; the real one then waits too.
    for (let tried = 0; tried < APPEALS_PER_HOUR - 1; tried++) expect((await sendAppeal({ token: "A".repeat(43), text: APPEAL }, ip)).status).toBe(404);
    expect((await sendAppeal({ token, text: APPEAL }, ip)).status).toBe(201);
    const refused = await sendAppeal({ token: "B".repeat(43), text: APPEAL }, ip);
    expect([refused.status, refused.body.error]).toEqual([429, "rate_limited"]);
  });

  it("gives a dismissed report no appeal link", async () => {
    const admin = await adminSession();
    const { reportId } = await reportedShare();
    expect((await decideAs(admin.cookie, reportId, { decision: "dismiss", reason: REASON })).status).toBe(200);
    expect((await db.report.findUniqueOrThrow({ where: { id: reportId } })).appealTokenHash).toBeNull();
  });
});

describe("deciding an appeal", () => {
  it("lists it for the console, then reverses: share and files back, audited, owner told; a second decision is a 409", async () => {
    const { token, reportId, admin, owner, shared } = await removedShare();
    await sendAppeal({ token, text: APPEAL });
    const listed = (await (await appealList(apiRequest("GET", "/api/admin/appeals?limit=100", { cookie: admin.cookie }))).json()) as {
      items: Array<{ id: string; text: string; ownerEmail: string; report: { id: string; status: string } }>;
    };
    const item = listed.items.find((candidate) => candidate.report.id === reportId)!;
    expect(item).toMatchObject({ text: APPEAL, ownerEmail: owner.user.email, report: { status: "removed" } });
    expect((await appealList(apiRequest("GET", "/api/admin/appeals", { cookie: owner.cookie }))).status).toBe(404);

    const since = mailbox().received.length;
    const answer = await decideAppealAs(admin.cookie, item.id, { decision: "reverse", reason: REASON });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: item.id, status: "reversed", mailed: true });
    const share = await db.share.findUniqueOrThrow({ where: { id: shared.share.id } });
    expect([share.revokedAt, share.hiddenAt]).toEqual([null, null]);
    for (const id of [shared.served.id, shared.source.id]) expect((await db.storedFile.findUniqueOrThrow({ where: { id } })).removedAt).toBeNull();
    expect((await db.reportAppeal.findUniqueOrThrow({ where: { id: item.id } })).status).toBe("reversed");
    const mail = await mailbox().waitFor(owner.user.email, { since });
    expect(mail.parsed.subject).toBe("Your appeal was successful");
    expect(mail.parsed.text).toContain(shared.url);
    const audit = await db.auditLog.findMany({ where: { targetType: "report", targetId: reportId }, orderBy: { id: "asc" } });
    expect(audit.map((row) => [row.action, row.actorId, row.reason])).toEqual([
      ["report.remove", admin.user.id, REASON],
      ["appeal.reverse", admin.user.id, REASON],
    ]);
    expect(audit[1]!.after).toMatchObject({ appeal: "reversed", appealId: item.id });

    for (const decision of ["uphold", "reverse"]) {
      const again = await decideAppealAs(admin.cookie, item.id, { decision, reason: REASON });
      expect([again.status, again.body.error]).toEqual([409, "appeal_already_decided"]);
    }
  });

  it("upholds: the removal stands, audited, owner told", async () => {
    const { token, reportId, admin, owner, shared } = await removedShare();
    const sent = await sendAppeal({ token, text: APPEAL });
    const since = mailbox().received.length;
    const answer = await decideAppealAs(admin.cookie, sent.body.id as string, { decision: "uphold", reason: REASON });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: "upheld", mailed: true });
    expect((await db.share.findUniqueOrThrow({ where: { id: shared.share.id } })).revokedAt).toBeInstanceOf(Date);
    expect((await db.storedFile.findUniqueOrThrow({ where: { id: shared.source.id } })).removedAt).toBeInstanceOf(Date);
    const mail = await mailbox().waitFor(owner.user.email, { since });
    expect(mail.parsed.subject).toBe("The outcome of your appeal");
    expect(mail.parsed.text).toContain("The removal stands");
    const actions = await db.auditLog.findMany({ where: { targetType: "report", targetId: reportId }, orderBy: { id: "asc" } });
    expect(actions.map((row) => row.action)).toEqual(["report.remove", "appeal.uphold"]);
  });

  it("leaves an owner's own revocation in place when a removal is reversed", async () => {
    const admin = await adminSession();
    const reported = await reportedShare();
    const ownRevocation = new Date(Date.now() - 60_000);
    await db.share.update({ where: { id: reported.shared.share.id }, data: { revokedAt: ownRevocation } });
    const since = mailbox().received.length;
    expect((await decideAs(admin.cookie, reported.reportId, { decision: "remove", reason: REASON })).status).toBe(200);
    const { token } = appealLinkIn(await mailbox().waitFor(reported.owner.user.email, { since }));
    const sent = await sendAppeal({ token, text: APPEAL });
    expect((await decideAppealAs(admin.cookie, sent.body.id as string, { decision: "reverse", reason: REASON })).status).toBe(200);
    expect((await db.share.findUniqueOrThrow({ where: { id: reported.shared.share.id } })).revokedAt).toEqual(ownRevocation);
    expect((await db.storedFile.findUniqueOrThrow({ where: { id: reported.shared.served.id } })).removedAt).toBeNull();
  });

  it("brings back on reversal every link and copy of the picture the removal took, and only those", async () => {
    const admin = await adminSession();
    const reported = await reportedShare();
    const again = await sharedPicture(reported.owner.user.id, { source: reported.shared.source });
    const earlier = await sharedPicture(reported.owner.user.id, { source: reported.shared.source });
    const ownRevocation = new Date(Date.now() - 60_000);
    await db.share.update({ where: { id: earlier.share.id }, data: { revokedAt: ownRevocation } });
    const since = mailbox().received.length;
    expect((await decideAs(admin.cookie, reported.reportId, { decision: "remove", reason: REASON })).status).toBe(200);
    expect((await db.share.findUniqueOrThrow({ where: { id: again.share.id } })).revokedAt).not.toBeNull();
    const { token } = appealLinkIn(await mailbox().waitFor(reported.owner.user.email, { since }));
    const sent = await sendAppeal({ token, text: APPEAL });
    expect((await decideAppealAs(admin.cookie, sent.body.id as string, { decision: "reverse", reason: REASON })).status).toBe(200);
    for (const share of [reported.shared.share, again.share]) expect((await db.share.findUniqueOrThrow({ where: { id: share.id } })).revokedAt).toBeNull();
    for (const file of [reported.shared.source, reported.shared.served, again.served])
      expect((await db.storedFile.findUniqueOrThrow({ where: { id: file.id } })).removedAt).toBeNull();
    expect((await db.share.findUniqueOrThrow({ where: { id: earlier.share.id } })).revokedAt).toEqual(ownRevocation);
  });

  it("answers an appeal id nobody has with 404 and a missing reason with 400", async () => {
    const { cookie } = await adminSession();
    const missing = await decideAppealAs(cookie, "no-such-appeal", { decision: "uphold", reason: REASON });
    expect([missing.status, missing.body.error]).toEqual([404, "appeal_not_found"]);
    expect((await decideAppealAs(cookie, "no-such-appeal", { decision: "uphold" })).status).toBe(400);
  });
});
