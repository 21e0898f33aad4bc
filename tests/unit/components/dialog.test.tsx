/** @jest-environment jsdom */
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogFooter } from "@/components/ui/alert-dialog";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { FirstScreenDialog } from "@/components/ui/first-screen-dialog";
import { currentUserKey } from "@/components/auth/use-auth";
import { WELCOME_KEY, WelcomeDialog } from "@/components/editor/welcome-dialog";
import { renderWithApp } from "./render";

describe("the dialogs", () => {
  it("names and describes a dialog by its heading, and closes from the corner or with Escape", async () => {
    const onOpenChange = jest.fn();
    render(
      <Dialog open onOpenChange={onOpenChange}>
        <DialogContent title="Save Image" description="Save this image to your gallery" closeLabel="Close">
          <button type="button">Save</button>
        </DialogContent>
      </Dialog>,
    );
    const dialog = screen.getByRole("dialog", { name: "Save Image" });
    expect(dialog).toHaveAccessibleDescription("Save this image to your gallery");
    expect(within(dialog).getByRole("button", { name: "Save" })).toHaveFocus();

    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await userEvent.keyboard("{Escape}");
    expect(onOpenChange.mock.calls).toEqual([[false], [false]]);
  });

  it("asks a confirm's question as an alert dialog with no corner close, answered by its buttons", async () => {
    const onConfirm = jest.fn();
    const onOpenChange = jest.fn();
    render(
      <AlertDialog open onOpenChange={onOpenChange}>
        <AlertDialogContent title="Delete image?" description="This cannot be undone.">
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={onConfirm}>Delete</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>,
    );
    const confirm = screen.getByRole("alertdialog", { name: "Delete image?" });
    expect(confirm).toHaveAccessibleDescription("This cannot be undone.");
    expect(within(confirm).queryByRole("button", { name: "Close" })).toBeNull();
    await userEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe("the welcome dialog", () => {
  beforeEach(() => localStorage.clear());

  const renderForGuest = () => renderWithApp(<WelcomeDialog />, { seed: (client) => client.setQueryData(currentUserKey, null) });

  it("greets a guest with the trial, Start Free Trial focused, and is remembered once closed", async () => {
    renderForGuest();
    const welcome = await screen.findByRole("dialog", { name: "Welcome to Pictura" });
    await waitFor(() => expect(within(welcome).getByRole("link", { name: "Start Free Trial" })).toHaveFocus());
    expect(within(welcome).getByRole("link", { name: "Start Free Trial" })).toHaveAttribute("href", "/auth?mode=signup");

    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(localStorage.getItem(WELCOME_KEY)).toBe("true");
  });

  it("is not shown again after it was closed once", async () => {
    localStorage.setItem(WELCOME_KEY, "true");
    renderForGuest();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("a dialog that opens with the page", () => {
  const upload = () => (
    <FirstScreenDialog open onOpenChange={() => undefined} title="Upload an image" description="Choose the photo." closeLabel="Close">
      <button type="button">Choose a file</button>
    </FirstScreenDialog>
  );
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("opens in a task after the one that rendered it, moves focus in and holds the page behind", () => {
    const { unmount } = render(upload());
    const dialog = document.querySelector("dialog")!;
    expect(dialog.open).toBe(false);
    expect(document.documentElement.style.overflow).toBe("");

    act(() => jest.runOnlyPendingTimers());
    expect(dialog.open).toBe(true);
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(document.documentElement.style.overflow).toBe("hidden");

    unmount();
    expect(document.documentElement.style.overflow).toBe("");
  });

  it("leaves the page as it was when it goes before it opened", () => {
    const { unmount } = render(upload());
    unmount();
    act(() => jest.runOnlyPendingTimers());
    expect(document.documentElement.style.overflow).toBe("");
    expect(document.querySelector("dialog")).toBeNull();
  });
});
