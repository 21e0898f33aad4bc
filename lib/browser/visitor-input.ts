// Whether the visitor has pressed a key or touched/clicked the page yet. Focus that arrives before
// that was moved by the page itself (a dialog opening on load focuses its first link), not by them.
let acted = false;

function noteInput(): void {
  acted = true;
  window.removeEventListener("keydown", noteInput, true);
  window.removeEventListener("pointerdown", noteInput, true);
}

if (typeof window !== "undefined") {
  window.addEventListener("keydown", noteInput, true);
  window.addEventListener("pointerdown", noteInput, true);
}

export function visitorHasActed(): boolean {
  return acted;
}
