"use client";
// The text overlay stage: the photo at most 600 by 400 on screen with its aspect ratio kept (and
// narrower on a phone), the text boxes over it, placing a new box with a click after Add Text, and
// dragging a box, which stays inside the photo and ends when the pointer is released or leaves.
import { useRef, type Dispatch, type MouseEvent, type PointerEvent, type RefObject } from "react";
import { useShownSize } from "@/components/tools/use-shown-size";
import { cn } from "@/lib/cn";
import { fitStage, TEXT_DEFAULTS, type Size, type TextElement } from "@/lib/text-overlay/elements";
import type { OverlayAction, OverlayState } from "@/lib/text-overlay/state";
import { TextBox, type TextBoxLabels } from "./text-box";

interface Drag {
  id: string;
  pointerId: number;
  /** From the pointer to the box's centre, so the box does not jump under the pointer. */
  dx: number;
  dy: number;
  box: Size;
}

interface TextStageProps {
  imageUrl: string;
  imageAlt: string;
  stageLabel: string;
  natural: Size | null;
  onNatural: (size: Size) => void;
  /** The stage's size as shown, which the export scales from. */
  onDisplay: (size: Size) => void;
  display: Size;
  imageRef: RefObject<HTMLImageElement | null>;
  state: OverlayState;
  dispatch: Dispatch<OverlayAction>;
  newId: () => string;
  defaultText: string;
  labels: (element: TextElement) => TextBoxLabels;
}

/** Before the photo has loaded, a stage of the largest size holds its place. */
const PLACEHOLDER: Size = { width: 600, height: 400 };

export function TextStage({
  imageUrl,
  imageAlt,
  stageLabel,
  natural,
  onNatural,
  onDisplay,
  display,
  imageRef,
  state,
  dispatch,
  newId,
  defaultText,
  labels,
}: TextStageProps) {
  const stage = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const fit = fitStage(natural ?? PLACEHOLDER);

  useShownSize(stage, onDisplay);

  /** The stage's size right now; the stored one can lag a resize by a frame. */
  function currentDisplay(): Size {
    const rect = stage.current?.getBoundingClientRect();
    return rect && rect.width > 0 ? { width: rect.width, height: rect.height } : display;
  }

  function percentAt(clientX: number, clientY: number) {
    const rect = stage.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || rect.height === 0) return { x: 50, y: 50 };
    return { x: ((clientX - rect.left) / rect.width) * 100, y: ((clientY - rect.top) / rect.height) * 100 };
  }

  function onClick(event: MouseEvent<HTMLDivElement>) {
    if (!state.placing) {
      dispatch({ type: "select", id: null });
      return;
    }
    const { x, y } = percentAt(event.clientX, event.clientY);
    const size = currentDisplay();
    const box = { width: Math.min(TEXT_DEFAULTS.width, size.width || TEXT_DEFAULTS.width), height: TEXT_DEFAULTS.height };
    dispatch({ type: "place", id: newId(), x, y, text: defaultText, box, display: size });
  }

  function startDrag(event: PointerEvent<HTMLDivElement>, element: TextElement) {
    const rect = event.currentTarget.getBoundingClientRect();
    drag.current = {
      id: element.id,
      pointerId: event.pointerId,
      dx: event.clientX - (rect.left + rect.width / 2),
      dy: event.clientY - (rect.top + rect.height / 2),
      box: { width: rect.width, height: rect.height },
    };
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const { x, y } = percentAt(event.clientX - current.dx, event.clientY - current.dy);
    dispatch({ type: "move", id: current.id, x, y, box: current.box, display: currentDisplay() });
  }

  function endDrag() {
    drag.current = null;
  }

  function keyboardMove(element: TextElement, dx: number, dy: number, rect: DOMRect) {
    dispatch({
      type: "move",
      id: element.id,
      x: element.x + dx,
      y: element.y + dy,
      box: { width: rect.width, height: rect.height },
      display: currentDisplay(),
    });
  }

  return (
    <div
      ref={stage}
      role="group"
      aria-label={stageLabel}
      data-testid="text-stage"
      data-placing={state.placing || undefined}
      className={cn("relative mx-auto select-none overflow-hidden rounded-lg bg-black/5", state.placing && "cursor-crosshair ring-2 ring-sky-400")}
      style={{ width: fit.width, maxWidth: "100%", aspectRatio: `${fit.width} / ${fit.height}` }}
      onClick={onClick}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onPointerLeave={endDrag}
    >
      {/* eslint-disable-next-line @next/next/no-img-element -- a local object URL the optimizer cannot fetch */}
      <img
        ref={imageRef}
        src={imageUrl}
        alt={imageAlt}
        draggable={false}
        data-testid="text-stage-image"
        className="pointer-events-none absolute inset-0 size-full"
        onLoad={(event) => onNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
      />
      {state.elements.map((element) => (
        <TextBox
          key={element.id}
          element={element}
          selected={state.selectedId === element.id}
          editing={state.editingId === element.id}
          dispatch={dispatch}
          onDragStart={startDrag}
          onKeyboardMove={keyboardMove}
          labels={labels(element)}
        />
      ))}
    </div>
  );
}
