// The arithmetic of the before/after slider, kept apart from the DOM so it can be tested.

/** The divider starts in the middle. */
export const START_PERCENT = 50;
/** One arrow key press moves the divider this far. */
export const KEY_STEP_PERCENT = 5;

export function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, value));
}

/** Where a pointer at `clientX` puts the divider inside a box starting at `left`, `width` wide. */
export function percentAtPointer(clientX: number, left: number, width: number): number {
  if (width <= 0) return START_PERCENT;
  return clampPercent(((clientX - left) / width) * 100);
}

/** The divider position after `key`, or null when the key does not move it. */
export function percentAfterKey(current: number, key: string): number | null {
  switch (key) {
    case "ArrowLeft":
    case "ArrowDown":
      return clampPercent(current - KEY_STEP_PERCENT);
    case "ArrowRight":
    case "ArrowUp":
      return clampPercent(current + KEY_STEP_PERCENT);
    case "Home":
      return 0;
    case "End":
      return 100;
    default:
      return null;
  }
}
