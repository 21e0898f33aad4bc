// What a submitted form holds, read from the form itself rather than from state its inputs update: a
// visitor who types before the page's script has started (a slow phone) sends what they typed.
import type { FormEvent } from "react";

/** The submitted form's text fields by name ("" for one that is missing). */
export function formText(event: FormEvent<HTMLFormElement>): (name: string) => string {
  const data = new FormData(event.currentTarget);
  return (name) => {
    const value = data.get(name);
    return typeof value === "string" ? value : "";
  };
}
