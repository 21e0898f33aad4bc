"use client";
// A header menu whose dropdown code (radix menu, positioning) loads on first use rather than with
// every page: the same button is shown until then, hovering or focusing it preloads the code, and
// the first press opens the real menu as soon as it has arrived.
import { useState, type ComponentType, type ReactElement } from "react";

export interface LazyMenuProps<Props> {
  load: () => Promise<ComponentType<Props & { initialOpen?: boolean }>>;
  props: Props;
  /** The trigger as it looks before the menu has loaded. */
  placeholder: (handlers: { onPointerEnter: () => void; onFocus: () => void; onClick: () => void }) => ReactElement;
}

export function LazyMenu<Props extends object>({ load, props, placeholder }: LazyMenuProps<Props>) {
  const [Menu, setMenu] = useState<ComponentType<Props & { initialOpen?: boolean }> | null>(null);
  const [openOnLoad, setOpenOnLoad] = useState(false);

  function fetchMenu(open: boolean) {
    if (open) setOpenOnLoad(true);
    void load().then((component) => setMenu(() => component));
  }

  if (Menu) return <Menu {...props} initialOpen={openOnLoad} />;
  return placeholder({ onPointerEnter: () => fetchMenu(false), onFocus: () => fetchMenu(false), onClick: () => fetchMenu(true) });
}
