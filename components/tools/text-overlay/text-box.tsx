"use client";
// One text box on the stage: drawn with its style, selected by a click, edited in place on a double
// click or double tap (ends on blur or Enter), dragged by pointer, moved with the arrow keys, and
// removed with its × button or the Delete key.
import { X } from "lucide-react";
import { useRef, useState, type Dispatch, type KeyboardEvent, type PointerEvent } from "react";
import { cn } from "@/lib/cn";
import type { TextElement } from "@/lib/text-overlay/elements";
import { fontStack, LINE_HEIGHT } from "@/lib/text-overlay/layout";
import type { OverlayAction } from "@/lib/text-overlay/state";

/** Two taps closer together than this are a double tap (touch screens send no dblclick). */
const DOUBLE_TAP_MS = 350;

export interface TextBoxLabels {
  box: string;
  edit: string;
  remove: string;
}

interface TextBoxProps {
  element: TextElement;
  selected: boolean;
  editing: boolean;
  dispatch: Dispatch<OverlayAction>;
  onDragStart: (event: PointerEvent<HTMLDivElement>, element: TextElement) => void;
  onKeyboardMove: (element: TextElement, dx: number, dy: number, box: DOMRect) => void;
  labels: TextBoxLabels;
}

function TextEditor({ element, dispatch, label }: { element: TextElement; dispatch: Dispatch<OverlayAction>; label: string }) {
  const [draft, setDraft] = useState(element.text);
  const cancelled = useRef(false);
  return (
    <textarea
      aria-label={label}
      value={draft}
      autoFocus
      rows={1}
      data-testid="text-box-editor"
      className="block w-full resize-none overflow-hidden bg-transparent outline-none [field-sizing:content]"
      style={{ font: "inherit", color: "inherit", textAlign: "inherit", lineHeight: "inherit" }}
      onFocus={(event) => event.currentTarget.select()}
      onChange={(event) => setDraft(event.target.value)}
      onPointerDown={(event) => event.stopPropagation()}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        if (event.key === "Enter" && !event.shiftKey) {
          event.preventDefault();
          event.currentTarget.blur();
        } else if (event.key === "Escape") {
          cancelled.current = true;
          event.currentTarget.blur();
        }
      }}
      onBlur={() => {
        if (!cancelled.current) dispatch({ type: "setProperty", id: element.id, property: "text", value: draft });
        dispatch({ type: "edit", id: null });
      }}
    />
  );
}

export function TextBox({ element, selected, editing, dispatch, onDragStart, onKeyboardMove, labels }: TextBoxProps) {
  const lastTap = useRef(0);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (editing) return;
    event.stopPropagation();
    if (event.pointerType === "touch") {
      const now = event.timeStamp;
      if (now - lastTap.current < DOUBLE_TAP_MS) {
        lastTap.current = 0;
        dispatch({ type: "edit", id: element.id });
        return;
      }
      lastTap.current = now;
    }
    dispatch({ type: "select", id: element.id });
    onDragStart(event, element);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (editing) return;
    const step = event.shiftKey ? 5 : 1;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      dispatch({ type: "select", id: element.id });
      onKeyboardMove(element, move[0], move[1], event.currentTarget.getBoundingClientRect());
    } else if (event.key === "Enter" || event.key === "F2") {
      event.preventDefault();
      dispatch({ type: "edit", id: element.id });
    } else if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      dispatch({ type: "remove", id: element.id });
    }
  }

  return (
    <div
      className="absolute"
      style={{ left: `${element.x}%`, top: `${element.y}%`, transform: "translate(-50%, -50%)", width: element.width, maxWidth: "100%" }}
    >
      <div
        role="button"
        tabIndex={0}
        aria-label={labels.box}
        aria-pressed={selected}
        data-testid="text-box"
        className={cn(
          "flex touch-none items-center outline-offset-2 focus-visible:outline-2 focus-visible:outline-sky-400",
          selected && "outline-2 outline-dashed outline-sky-400",
          editing ? "cursor-text" : "cursor-move select-none",
        )}
        style={{
          minHeight: element.height,
          padding: element.padding,
          fontSize: element.fontSize,
          fontFamily: fontStack(element.fontFamily),
          fontWeight: element.fontWeight,
          color: element.color,
          textAlign: element.textAlign,
          backgroundColor: element.backgroundColor,
          lineHeight: LINE_HEIGHT,
        }}
        onPointerDown={onPointerDown}
        onClick={(event) => event.stopPropagation()}
        onDoubleClick={(event) => {
          event.stopPropagation();
          dispatch({ type: "edit", id: element.id });
        }}
        onKeyDown={onKeyDown}
      >
        {editing ? (
          <TextEditor element={element} dispatch={dispatch} label={labels.edit} />
        ) : (
          <span className="block w-full whitespace-pre-wrap [overflow-wrap:anywhere]">{element.text}</span>
        )}
      </div>
      {selected && !editing && (
        <button
          type="button"
          aria-label={labels.remove}
          data-testid="text-box-remove"
          className="absolute -right-3 -top-3 flex size-6 cursor-pointer items-center justify-center rounded-full bg-red-600 text-white shadow ring-2 ring-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-sky-400"
          onPointerDown={(event) => event.stopPropagation()}
          onClick={(event) => {
            event.stopPropagation();
            dispatch({ type: "remove", id: element.id });
          }}
        >
          <X aria-hidden className="size-4" />
        </button>
      )}
    </div>
  );
}
