// When the testimonial carousel's arrow buttons are shown.

/** The right button counts as available until the view is this close to the end. */
export const END_TOLERANCE_PX = 10;
/** One button press scrolls this far. */
export const SCROLL_STEP_PX = 400;
/** Availability is checked again this long after a button scroll (smooth scrolling takes time). */
export const RECHECK_DELAY_MS = 400;

export interface ScrollBox {
  scrollLeft: number;
  scrollWidth: number;
  clientWidth: number;
}

export function arrowAvailability({ scrollLeft, scrollWidth, clientWidth }: ScrollBox) {
  return {
    left: scrollLeft > 0,
    right: scrollLeft + clientWidth < scrollWidth - END_TOLERANCE_PX,
  };
}
