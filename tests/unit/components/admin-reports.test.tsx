/** @jest-environment jsdom */
// The console's Reports screen: an open report shows its picture from the console's own address, the
// address, category, explanation, reporter and owner; removing it asks for a rule (the report's own
// category first) and a reason and posts both with an Idempotency-Key; an appeal shows the owner's
// words and is reversed the same way. The owner's appeal page sends its text once and says so.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ReportsScreen } from "@/components/admin/reports-screen";
import { AppealScreen } from "@/components/reports/appeal-screen";
import type { AdminAppealRow, AdminReportRow } from "@/lib/validation/reports";
import { Answer, answering } from "./answering-fetch";
import { renderWithApp } from "./render";

const report: AdminReportRow = {
  id: "rep_open",
  createdAt: "2026-11-28T10:00:00.000Z",
  url: "https://pictura.test/s/AbCdEfGhIjKlMnOpQrStUv",
  category: "intellectual_property",
  explanation: "My photograph, copied without permission.",
  reporterName: "Ada Lovelace",
  reporterEmail: "ada@example.com",
  status: "open",
  decidedAt: null,
  decisionRule: null,
  decisionNote: null,
  target: { kind: "share", ownerId: "u_owner", ownerEmail: "owner@example.com", hidden: false, revoked: false },
  imageUrl: "/api/admin/reports/rep_open/image",
  appeal: null,
};

const appealed: AdminAppealRow = {
  id: "apl_1",
  createdAt: "2026-11-28T12:00:00.000Z",
  text: "I drew this myself.",
  status: "open",
  decidedAt: null,
  ownerEmail: "owner@example.com",
  report: {
    ...report,
    id: "rep_removed",
    status: "removed",
    decidedAt: "2026-11-28T11:00:00.000Z",
    decisionRule: "privacy",
    decisionNote: "Checked",
    target: { ...report.target, revoked: true },
    appeal: { id: "apl_1", status: "open", text: "I drew this myself.", createdAt: "2026-11-28T12:00:00.000Z" },
  },
};

const posted = (fetchMock: jest.Mock, path: string) => fetchMock.mock.calls.find(([url, init]) => url === path && init?.method === "POST")!;

describe("the console's Reports screen", () => {
  it("shows an open report with its content and removes it under a rule with a reason", async () => {
    const fetchMock = answering({
      "GET /api/admin/reports": { items: [report], nextCursor: null },
      "GET /api/admin/appeals": { items: [], nextCursor: null },
      "POST /api/admin/reports/rep_open": { id: "rep_open", status: "removed" },
    });
    const user = userEvent.setup();
    renderWithApp(<ReportsScreen />);
    const card = await screen.findByTestId("report-item");
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(expect.arrayContaining(["/api/admin/reports?status=open", "/api/admin/appeals?status=open"]));
    expect(within(card).getByRole("img")).toHaveAttribute("src", "/api/admin/reports/rep_open/image");
    for (const text of [report.url, "Intellectual property", report.explanation, "Ada Lovelace · ada@example.com", "owner@example.com"]) {
      expect(card).toHaveTextContent(text);
    }
    expect(await screen.findByText("No appeals here.")).toBeInTheDocument();

    await user.click(within(card).getByRole("button", { name: "Remove" }));
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByLabelText("Rule applied")).toHaveValue("intellectual_property");
    await user.selectOptions(within(dialog).getByLabelText("Rule applied"), "privacy");
    await user.type(within(dialog).getByLabelText("Reason"), "Confirmed with the reporter");
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const [, init] = posted(fetchMock, "/api/admin/reports/rep_open");
    expect(JSON.parse(init.body as string)).toEqual({ decision: "remove", rule: "privacy", reason: "Confirmed with the reporter" });
    expect((init.headers as Record<string, string>)["Idempotency-Key"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows an appeal with the owner's words and reverses the removal with a reason", async () => {
    const fetchMock = answering({
      "GET /api/admin/reports": { items: [], nextCursor: null },
      "GET /api/admin/appeals": { items: [appealed], nextCursor: null },
      "POST /api/admin/appeals/apl_1": { id: "apl_1", status: "reversed" },
    });
    const user = userEvent.setup();
    renderWithApp(<ReportsScreen />);
    const appeal = await screen.findByTestId("appeal-item");
    expect(appeal).toHaveTextContent("I drew this myself.");
    expect(appeal).toHaveTextContent("Appeal by owner@example.com");
    expect(screen.getByTestId("report-item")).toHaveTextContent("Link revoked");
    await user.click(within(appeal).getByRole("button", { name: "Reverse removal" }));
    const dialog = screen.getByRole("dialog");
    await user.type(within(dialog).getByLabelText("Reason"), "The owner holds the rights");
    await user.click(within(dialog).getByRole("button", { name: "Reverse removal" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(JSON.parse(posted(fetchMock, "/api/admin/appeals/apl_1")[1].body as string)).toEqual({ decision: "reverse", reason: "The owner holds the rights" });
  });
});

describe("the appeal page", () => {
  it("asks for a real explanation, then sends the appeal with its link's token", async () => {
    const fetchMock = answering({ "POST /api/appeals": new Answer(201, { id: "apl_2", status: "open" }) });
    const user = userEvent.setup();
    renderWithApp(<AppealScreen token="tok_123" url={report.url} decidedAt="2026-11-28T11:00:00.000Z" />);
    expect(screen.getByText(report.url)).toBeInTheDocument();
    await user.type(screen.getByLabelText("Why is the decision wrong?"), "no");
    await user.click(screen.getByRole("button", { name: "Send appeal" }));
    expect(screen.getByLabelText("Why is the decision wrong?")).toHaveAccessibleDescription(expect.stringContaining("at least 10 characters"));
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText("Why is the decision wrong?"), "t a copy: I drew it myself.");
    await user.click(screen.getByRole("button", { name: "Send appeal" }));
    expect(await screen.findByTestId("appeal-sent")).toHaveTextContent("we have your appeal");
    expect(JSON.parse(posted(fetchMock, "/api/appeals")[1].body as string)).toEqual({ token: "tok_123", text: "not a copy: I drew it myself." });
  });

  it("words the refusal of a second appeal", async () => {
    answering({ "POST /api/appeals": new Answer(409, { error: "appeal_already_made", message: "Already." }) });
    const user = userEvent.setup();
    renderWithApp(<AppealScreen token="tok_123" url={report.url} decidedAt="2026-11-28T11:00:00.000Z" />);
    await user.type(screen.getByLabelText("Why is the decision wrong?"), "I drew it myself, truly.");
    await user.click(screen.getByRole("button", { name: "Send appeal" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This decision has already been appealed.");
  });
});
