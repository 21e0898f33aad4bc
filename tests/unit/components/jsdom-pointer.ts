// What jsdom lacks for the painting and text-overlay screens: PointerEvent, ResizeObserver and
// object URLs. Call from a test file's beforeAll.
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  readonly pointerType: string;
  readonly isPrimary: boolean;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? "mouse";
    this.isPrimary = init.isPrimary ?? true;
  }
}

class TestResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

export function installPointerPolyfills(): void {
  Object.assign(window, { PointerEvent: TestPointerEvent, ResizeObserver: TestResizeObserver });
  Object.assign(URL, { createObjectURL: jest.fn(() => "blob:photo"), revokeObjectURL: jest.fn() });
}
