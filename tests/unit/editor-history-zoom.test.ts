import { canRedo, canUndo, createHistory, HISTORY_LIMIT, pushHistory, redo, undo } from "@/lib/editor/history";
import { clampZoom, MAX_ZOOM, MIN_ZOOM, zoomByWheel, zoomIn, zoomOut } from "@/lib/editor/zoom";

describe("editor history", () => {
  it("undoes and redoes in order, and a new change drops the redo branch", () => {
    let history = createHistory("a");
    history = pushHistory(history, "b");
    history = pushHistory(history, "c");
    history = undo(history);
    expect(history.present).toBe("b");
    history = undo(history);
    expect(history.present).toBe("a");
    expect(canUndo(history)).toBe(false);
    expect(undo(history)).toBe(history);
    history = redo(history);
    expect(history.present).toBe("b");
    history = pushHistory(history, "d");
    expect(canRedo(history)).toBe(false);
    expect(redo(history)).toBe(history);
    expect(undo(history).present).toBe("b");
  });

  it("keeps at most 50 snapshots", () => {
    let history = createHistory(0);
    for (let step = 1; step <= 80; step += 1) history = pushHistory(history, step);
    expect(history.past.length + 1).toBe(HISTORY_LIMIT);
    let undone = 0;
    while (canUndo(history)) {
      history = undo(history);
      undone += 1;
    }
    expect(undone).toBe(49);
    expect(history.present).toBe(31);
  });
});

describe("zoom", () => {
  it("stays between 0.5 and 5", () => {
    expect(clampZoom(0.1)).toBe(MIN_ZOOM);
    expect(clampZoom(9)).toBe(MAX_ZOOM);
    let scale = 1;
    for (let step = 0; step < 30; step += 1) scale = zoomIn(scale);
    expect(scale).toBe(5);
    for (let step = 0; step < 30; step += 1) scale = zoomOut(scale);
    expect(scale).toBe(0.5);
  });

  it("uses the spec's factors: buttons 1.2 and 0.8, wheel 1.1 and 0.9", () => {
    expect(zoomIn(1)).toBeCloseTo(1.2);
    expect(zoomOut(1)).toBeCloseTo(0.8);
    expect(zoomByWheel(1, -100)).toBeCloseTo(1.1);
    expect(zoomByWheel(1, 100)).toBeCloseTo(0.9);
  });
});
