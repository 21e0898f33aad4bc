/** @jest-environment jsdom */
// The header menus load their dropdown on first use (components/layout/lazy-menu.tsx). A press opens
// the menu however its pointerdown, its click and the code's arrival interleave.
import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LazyMenu } from "@/components/layout/lazy-menu";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { installPointerPolyfills } from "./jsdom-pointer";

beforeAll(installPointerPolyfills);

/** Mounted by the press that asked for it, so open from the start, as the app's menus are. */
function LanguageMenu() {
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <Button>Language</Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem>Español</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** A menu whose code arrives when the test says so. */
function deferredMenu() {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const load = jest.fn(() => arrived.then(() => LanguageMenu));
  render(<LazyMenu load={load} props={{}} placeholder={(handlers) => <Button {...handlers}>Language</Button>} />);
  return { load, arrive: () => act(async () => arrive()) };
}

it("opens on the press whose pointerdown came before the code and whose click came after", async () => {
  const { load, arrive } = deferredMenu();
  const button = screen.getByRole("button", { name: "Language" });
  fireEvent.pointerEnter(button);
  expect(load).toHaveBeenCalled();
  fireEvent.pointerDown(button, { button: 0, pointerType: "mouse" });
  await arrive();
  fireEvent.click(screen.getByRole("button", { name: "Language" }));
  expect(await screen.findByRole("menuitem", { name: "Español" })).toBeVisible();
});

it("opens on a press after the code was preloaded by hovering", async () => {
  const { arrive } = deferredMenu();
  const user = userEvent.setup();
  await user.hover(screen.getByRole("button", { name: "Language" }));
  await arrive();
  expect(screen.queryByRole("menuitem")).toBeNull();
  await user.click(screen.getByRole("button", { name: "Language" }));
  expect(await screen.findByRole("menuitem", { name: "Español" })).toBeVisible();
});

it("opens on a press that comes before the code", async () => {
  const { arrive } = deferredMenu();
  await userEvent.setup().click(screen.getByRole("button", { name: "Language" }));
  await arrive();
  expect(await screen.findByRole("menuitem", { name: "Español" })).toBeVisible();
});
