/** @jest-environment jsdom */
// The /report form: each missing or wrong field is named beside it (and read out with it) before
// anything is sent; the minors category makes name and e-mail optional; a sent report shows its
// reference; a refusal from the server lands on the field it concerns, and too many reports say so.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ReportScreen } from "@/components/reports/report-screen";
import { Answer, answering } from "./answering-fetch";
import { hydrateWithApp, renderWithApp } from "./render";

const SHARE = "http://localhost/s/AbCdEfGhIjKlMnOpQrStUv";

async function fillValid(user: ReturnType<typeof userEvent.setup>, options: { category?: string; contact?: boolean } = {}) {
  await user.selectOptions(screen.getByLabelText("What is wrong with it?"), options.category ?? "privacy");
  await user.type(screen.getByLabelText("Explanation"), "This photo shows me and was shared without my consent.");
  if (options.contact !== false) {
    await user.type(screen.getByLabelText(/Your name/), "Ada Lovelace");
    await user.type(screen.getByLabelText(/Your e-mail address/), "ada@example.com");
  }
  await user.click(screen.getByRole("checkbox"));
}

describe("the report form", () => {
  it("keeps a category chosen before the page finished loading, and sends it", async () => {
    const fetchMock = answering({ "POST /api/reports": new Answer(201, { id: "rep_early", status: "open", hidden: false, mailed: true }) });
    await hydrateWithApp(<ReportScreen initialUrl={SHARE} />, (page) => {
      page.querySelector<HTMLSelectElement>('select[name="category"]')!.value = "illegal";
    });
    expect(screen.getByLabelText("What is wrong with it?")).toHaveValue("illegal");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Explanation"), "This picture shows a forged identity document.");
    await user.type(screen.getByLabelText(/Your name/), "Ada Lovelace");
    await user.type(screen.getByLabelText(/Your e-mail address/), "ada@example.com");
    await user.click(screen.getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: "Send report" }));
    expect(await screen.findByTestId("report-sent")).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toMatchObject({ category: "illegal" });
  });

  it("names each problem beside its field, sends nothing, and moves focus to the first", async () => {
    const fetchMock = answering({});
    const user = userEvent.setup();
    renderWithApp(<ReportScreen initialUrl="" />);
    await user.type(screen.getByLabelText("Your e-mail address"), "not-an-address");
    await user.click(screen.getByRole("button", { name: "Send report" }));
    const address = screen.getByLabelText("Address of the content");
    expect(address).toHaveFocus();
    expect(address).toHaveAttribute("aria-invalid", "true");
    expect(address).toHaveAccessibleDescription(expect.stringContaining("Give the address of the content you report."));
    expect(screen.getByLabelText("What is wrong with it?")).toHaveAccessibleDescription("Choose what is wrong with the content.");
    expect(screen.getByLabelText("Explanation")).toHaveAccessibleDescription(expect.stringContaining("Explain in at least 10 characters why you report it."));
    expect(screen.getByLabelText("Your name")).toHaveAccessibleDescription("Give your name.");
    expect(screen.getByLabelText("Your e-mail address")).toHaveAccessibleDescription("This is not a valid e-mail address.");
    expect(screen.getByRole("checkbox")).toHaveAccessibleDescription("Confirm that you make this report in good faith.");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("is filled in from the share page's link, and sends a report with its fields and language, then shows its reference", async () => {
    const fetchMock = answering({ "POST /api/reports": new Answer(201, { id: "rep_123", status: "open", hidden: false, mailed: true }) });
    const user = userEvent.setup();
    renderWithApp(<ReportScreen initialUrl={SHARE} />);
    expect(screen.getByLabelText("Address of the content")).toHaveValue(SHARE);
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Send report" }));
    const sent = await screen.findByTestId("report-sent");
    expect(sent).toHaveTextContent("Thank you, we have your report");
    expect(sent).toHaveTextContent("rep_123");
    expect(sent).toHaveTextContent("We have sent a receipt to your e-mail address");
    expect(screen.getByRole("heading", { name: "Thank you, we have your report" })).toHaveFocus();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init.method]).toEqual(["/api/reports", "POST"]);
    expect(JSON.parse(init.body as string)).toEqual({
      url: SHARE,
      category: "privacy",
      explanation: "This photo shows me and was shared without my consent.",
      name: "Ada Lovelace",
      email: "ada@example.com",
      goodFaith: true,
      locale: "en",
    });
    await user.click(screen.getByRole("button", { name: "Report something else" }));
    expect(screen.getByLabelText("Address of the content")).toHaveValue("");
  });

  it("lets a report of sexual content involving minors be anonymous, and says the share is hidden", async () => {
    const fetchMock = answering({ "POST /api/reports": new Answer(201, { id: "rep_9", status: "open", hidden: true, mailed: false }) });
    const user = userEvent.setup();
    renderWithApp(<ReportScreen initialUrl={SHARE} />);
    await user.selectOptions(screen.getByLabelText("What is wrong with it?"), "child_sexual_abuse");
    expect(screen.getByText(/hidden at once while we review it/)).toBeInTheDocument();
    expect(screen.getByLabelText("Your name (optional)")).toBeInTheDocument();
    await fillValid(user, { category: "child_sexual_abuse", contact: false });
    await user.click(screen.getByRole("button", { name: "Send report" }));
    const sent = await screen.findByTestId("report-sent");
    expect(sent).toHaveTextContent("The shared image is hidden while we review it.");
    expect(sent).toHaveTextContent("You did not give an e-mail address");
    const body = JSON.parse(fetchMock.mock.calls[0]![1].body as string) as Record<string, unknown>;
    expect(body).not.toHaveProperty("name");
    expect(body).not.toHaveProperty("email");
  });

  it("puts the server's refusal of the address on the address field", async () => {
    answering({ "POST /api/reports": new Answer(400, { error: "report_address_not_ours", message: "Not ours." }) });
    const user = userEvent.setup();
    renderWithApp(<ReportScreen initialUrl="https://elsewhere.example/picture" />);
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Send report" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Address of the content")).toHaveAccessibleDescription(expect.stringContaining("This is not an address on this site.")),
    );
    expect(screen.queryByTestId("report-sent")).toBeNull();
  });

  it("says so when the network sent too many reports", async () => {
    answering({ "POST /api/reports": new Answer(429, { error: "rate_limited", message: "Too many reports." }) });
    const user = userEvent.setup();
    renderWithApp(<ReportScreen initialUrl={SHARE} />);
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Send report" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You have sent several reports in a short time.");
  });
});
