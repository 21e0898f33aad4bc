// `asChild` for the primitives (Button, Badge, Label): renders the one child element with the
// primitive's props merged in. The child's own props win, except that class names are joined (the
// child's last, so they override), styles are merged, both event handlers run (the child's first)
// and both refs are set. Small enough for every page's first load, unlike the general radix Slot.
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode, type Ref } from "react";
import { cn } from "@/lib/cn";

type Props = Record<string, unknown>;

function setRef<T>(ref: Ref<T> | undefined, value: T): void | (() => void) {
  if (typeof ref === "function") return ref(value);
  if (ref) (ref as { current: T }).current = value;
}

/** One ref callback that sets both refs, and undoes both (cleanup functions included) on detach. */
export function composeRefs<T>(...refs: Array<Ref<T> | undefined>): (value: T) => () => void {
  return (value) => {
    const cleanups = refs.map((ref) => setRef(ref, value));
    return () =>
      refs.forEach((ref, index) => {
        const cleanup = cleanups[index];
        if (typeof cleanup === "function") cleanup();
        else setRef(ref, null as T);
      });
  };
}

function mergeProps(slotProps: Props, childProps: Props): Props {
  const merged: Props = { ...slotProps, ...childProps };
  for (const [key, slotValue] of Object.entries(slotProps)) {
    const childValue = childProps[key];
    if (/^on[A-Z]/.test(key) && typeof slotValue === "function" && typeof childValue === "function") {
      merged[key] = (...args: unknown[]) => {
        (childValue as (...args: unknown[]) => unknown)(...args);
        (slotValue as (...args: unknown[]) => unknown)(...args);
      };
    } else if (key === "className") {
      merged[key] = cn(slotValue as string | undefined, childValue as string | undefined);
    } else if (key === "style") {
      merged[key] = { ...(slotValue as object | undefined), ...(childValue as object | undefined) };
    } else if (key === "ref" && slotValue && childValue) {
      merged[key] = composeRefs(slotValue as Ref<unknown>, childValue as Ref<unknown>);
    }
  }
  return merged;
}

export function Slot({ children, ...slotProps }: Props & { children?: ReactNode }) {
  const child = Children.only(children);
  if (!isValidElement(child)) throw new Error("asChild needs exactly one element as its child");
  const element = child as ReactElement<Props>;
  return cloneElement(element, mergeProps(slotProps, element.props));
}
