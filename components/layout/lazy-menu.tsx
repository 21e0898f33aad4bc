"use client";
// A header menu whose dropdown code (radix menu, positioning) loads on first use rather than with
// every page: the same button is shown until then, hovering or focusing it preloads the code, and
// the first press puts the real menu in its place. The menu is mounted only by that press, so it
// starts open.
import { useState, type ComponentType, type ReactElement } from "react";

export interface LazyMenuProps<Props> {
  load: () => Promise<ComponentType<Props>>;
  props: Props;
  /** The trigger as it looks before the menu has loaded. */
  placeholder: (handlers: { onPointerEnter: () => void; onFocus: () => void; onClick: () => void }) => ReactElement;
}

export function LazyMenu<Props extends object>({ load, props, placeholder }: LazyMenuProps<Props>) {
  const [Menu, setMenu] = useState<ComponentType<Props> | null>(null);

  // Only a press swaps the menu in. Swapped in on hover, the real trigger could take a press's
  // click after the placeholder took its pointerdown, and neither would open the menu.
  const preload = () => void load();
  const open = () => void load().then((component) => setMenu(() => component));

  if (Menu) return <Menu {...props} />;
  return placeholder({ onPointerEnter: preload, onFocus: preload, onClick: open });
}
