// The text overlay's editing states (spec §4) as a reducer: placing (after Add Text, the next click
// places a box and leaves placing), selected, editing (ends on blur or Enter), and the element list.
// Pure, so the screen and its tests agree on every transition.
import { applyProperty, createTextElement, moveWithinBounds, type EditableProperty, type Size, type TextElement } from "./elements";

export interface OverlayState {
  elements: TextElement[];
  selectedId: string | null;
  editingId: string | null;
  placing: boolean;
}

export type OverlayAction =
  | { type: "startPlacing" }
  | { type: "cancelPlacing" }
  /** `box` is the new box's size in display pixels, `display` the stage's. */
  | { type: "place"; id: string; x: number; y: number; text: string; box: Size; display: Size }
  | { type: "select"; id: string | null }
  | { type: "edit"; id: string | null }
  | { type: "setProperty"; id: string; property: EditableProperty; value: unknown }
  | { type: "move"; id: string; x: number; y: number; box: Size; display: Size }
  | { type: "remove"; id: string }
  | { type: "reset" };

export const initialOverlayState: OverlayState = { elements: [], selectedId: null, editingId: null, placing: false };

function update(state: OverlayState, id: string, change: (element: TextElement) => TextElement): OverlayState {
  let changed = false;
  const elements = state.elements.map((element) => {
    if (element.id !== id) return element;
    const next = change(element);
    changed = next !== element;
    return next;
  });
  return changed ? { ...state, elements } : state;
}

export function overlayReducer(state: OverlayState, action: OverlayAction): OverlayState {
  switch (action.type) {
    case "startPlacing":
      return { ...state, placing: true, editingId: null };
    case "cancelPlacing":
      return { ...state, placing: false };
    case "place": {
      if (!state.placing) return state;
      const element = moveWithinBounds(createTextElement(action.id, action.x, action.y, action.text), action.x, action.y, action.box, action.display);
      return { elements: [...state.elements, element], selectedId: element.id, editingId: null, placing: false };
    }
    case "select":
      return state.selectedId === action.id && !state.editingId
        ? state
        : { ...state, selectedId: action.id, editingId: action.id === state.editingId ? state.editingId : null };
    case "edit":
      return { ...state, editingId: action.id, selectedId: action.id ?? state.selectedId };
    case "setProperty":
      return update(state, action.id, (element) => applyProperty(element, action.property, action.value));
    case "move":
      return update(state, action.id, (element) => {
        const next = moveWithinBounds(element, action.x, action.y, action.box, action.display);
        return next.x === element.x && next.y === element.y ? element : next;
      });
    case "remove":
      return {
        ...state,
        elements: state.elements.filter((element) => element.id !== action.id),
        selectedId: state.selectedId === action.id ? null : state.selectedId,
        editingId: state.editingId === action.id ? null : state.editingId,
      };
    case "reset":
      return initialOverlayState;
  }
}
