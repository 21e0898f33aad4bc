/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { TwoFactorCard } from "@/components/account/two-factor-card";
import { renderWithApp } from "./render";

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const QR_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path data-qr="module" d="M0 0h7v7H0z"/></svg>';
const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `rc${index}-abcd-efgh`);

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** The two-step sign-in API as the server answers it, on or off, with `wrongCode` refused. */
function fakeServer({ enabled = false, recoveryCodesLeft = 0, wrongCode = "000000" } = {}) {
  const state = { enabled, recoveryCodesLeft };
  const calls: Call[] = [];
  const answer = (status: number, body: unknown) => ({ ok: status < 400, status, statusText: "", text: async () => JSON.stringify(body) });
  Object.assign(globalThis, {
    fetch: jest.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const body = init?.body ? (JSON.parse(String(init.body)) as { code?: string }) : undefined;
      calls.push({ method, url, body });
      if (url === "/api/account/two-factor" && method === "GET") return answer(200, state);
      if (url === "/api/account/two-factor/enrolment")
        return answer(200, { secret: SECRET, uri: `otpauth://totp/Pictura:ada%40example.com?secret=${SECRET}`, qrSvg: QR_SVG });
      if (body?.code === wrongCode) return answer(401, { error: "invalid_code", message: "That code is not valid." });
      if (url === "/api/account/two-factor/confirmation") {
        Object.assign(state, { enabled: true, recoveryCodesLeft: RECOVERY_CODES.length });
        return answer(200, { recoveryCodes: RECOVERY_CODES });
      }
      if (url === "/api/account/two-factor" && method === "DELETE") {
        Object.assign(state, { enabled: false, recoveryCodesLeft: 0 });
        return answer(200, { enabled: false });
      }
      return answer(404, { error: "not_found", message: "Not found." });
    }),
  });
  return calls;
}

async function startSetup() {
  fireEvent.click(await screen.findByRole("button", { name: "Turn on" }));
  return screen.findByRole("img", { name: "QR code that adds your Pictura account to an authenticator app" });
}

describe("the two-step sign-in section of the Account page", () => {
  it("turns it on: QR code and key, the app's first code, the recovery codes once, then on with all codes left", async () => {
    const calls = fakeServer();
    const writeText = jest.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const { container } = renderWithApp(<TwoFactorCard hasPassword />);
    expect(await screen.findByText("Two-step sign-in is off.")).toBeInTheDocument();

    const qr = await startSetup();
    // The server's SVG is shown as an image, never put into the page as markup.
    expect(qr).toHaveAttribute("src", `data:image/svg+xml;utf8,${encodeURIComponent(QR_SVG)}`);
    expect(container.querySelector("[data-qr]")).toBeNull();
    expect(screen.getByTestId("two-factor-secret")).toHaveTextContent("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP");
    fireEvent.click(screen.getByRole("button", { name: "Copy the key" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));

    fireEvent.change(screen.getByLabelText("6-digit code"), { target: { value: " 123456 " } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    const list = await screen.findByRole("list", { name: "Your recovery codes" });
    expect(calls).toContainEqual({ method: "POST", url: "/api/account/two-factor/confirmation", body: { code: "123456" } });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(screen.queryByTestId("two-factor-setup")).not.toBeInTheDocument();

    const download = screen.getByRole("link", { name: "Download (.txt)" });
    expect(download).toHaveAttribute("download", "pictura-recovery-codes.txt");
    expect(decodeURIComponent(download.getAttribute("href") ?? "")).toContain(RECOVERY_CODES.join("\n"));
    fireEvent.click(screen.getByRole("button", { name: "Copy all recovery codes" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(RECOVERY_CODES.join("\n")));

    fireEvent.click(screen.getByRole("button", { name: "I have saved them" }));
    expect(screen.queryByText("rc0-abcd-efgh")).not.toBeInTheDocument();
    expect(screen.getByText("Two-step sign-in is on.")).toBeInTheDocument();
    expect(await screen.findByText("You have 10 recovery codes left.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Turn off" })).toBeInTheDocument();
  });

  it("shows the server's message when the code is wrong, and stays on the setup", async () => {
    const calls = fakeServer({ wrongCode: "999999" });
    renderWithApp(<TwoFactorCard hasPassword />);
    await startSetup();
    fireEvent.change(screen.getByLabelText("6-digit code"), { target: { value: "999999" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("That code is not valid.");
    expect(screen.getByLabelText("6-digit code")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByTestId("two-factor-setup")).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Your recovery codes" })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url.endsWith("/confirmation"))).toHaveLength(1);
  });

  it("turns it off with the password and a code", async () => {
    const calls = fakeServer({ enabled: true, recoveryCodesLeft: 7 });
    renderWithApp(<TwoFactorCard hasPassword />);
    expect(await screen.findByText("You have 7 recovery codes left.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Turn off" }));
    const form = screen.getByTestId("two-factor-turn-off");
    fireEvent.change(within(form).getByLabelText("Password"), { target: { value: "correct horse" } });
    fireEvent.change(within(form).getByLabelText("Code from the app or a recovery code"), { target: { value: "rc3-abcd-efgh" } });
    fireEvent.click(within(form).getByRole("button", { name: "Turn off" }));
    expect(await screen.findByText("Two-step sign-in is off.")).toBeInTheDocument();
    expect(calls).toContainEqual({ method: "DELETE", url: "/api/account/two-factor", body: { password: "correct horse", code: "rc3-abcd-efgh" } });
  });

  it("asks an account without a password only for a code", async () => {
    const calls = fakeServer({ enabled: true, recoveryCodesLeft: 1 });
    renderWithApp(<TwoFactorCard hasPassword={false} />);
    expect(await screen.findByText("You have 1 recovery code left.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Turn off" }));
    expect(screen.queryByLabelText("Password")).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Code from the app or a recovery code"), { target: { value: "654321" } });
    fireEvent.click(within(screen.getByTestId("two-factor-turn-off")).getByRole("button", { name: "Turn off" }));
    expect(await screen.findByText("Two-step sign-in is off.")).toBeInTheDocument();
    expect(calls).toContainEqual({ method: "DELETE", url: "/api/account/two-factor", body: { code: "654321" } });
  });
});
