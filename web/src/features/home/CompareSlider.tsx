import { ChevronsLeftRight } from "lucide-react";
import { useRef, useState, type PointerEvent } from "react";
import { START_PERCENT, percentAfterKey, percentAtPointer } from "./compareSlider";

interface Props {
  title: string;
  before: string;
  beforeAlt: string;
  after: string;
  afterAlt: string;
}

/** A before/after photo pair with a divider dragged by mouse, touch or the arrow keys. */
export function CompareSlider({ title, before, beforeAlt, after, afterAlt }: Props) {
  const [percent, setPercent] = useState(START_PERCENT);
  const box = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const moveTo = (event: PointerEvent) => {
    const rect = box.current?.getBoundingClientRect();
    if (rect) setPercent(percentAtPointer(event.clientX, rect.left, rect.width));
  };

  return (
    <div
      ref={box}
      className="relative aspect-[4/3] cursor-ew-resize touch-pan-y overflow-hidden rounded-t-2xl bg-slate-200 select-none"
      onPointerDown={(event) => {
        dragging.current = true;
        event.currentTarget.setPointerCapture(event.pointerId);
        moveTo(event);
      }}
      onPointerMove={(event) => {
        if (dragging.current) moveTo(event);
      }}
      onPointerUp={() => {
        dragging.current = false;
      }}
      onPointerCancel={() => {
        dragging.current = false;
      }}
    >
      <img
        src={after}
        alt={afterAlt ? `After: ${afterAlt}` : `${title}, after`}
        width={800}
        height={600}
        loading="lazy"
        draggable={false}
        className="absolute inset-0 h-full w-full object-cover"
      />
      <img
        src={before}
        alt={beforeAlt ? `Before: ${beforeAlt}` : `${title}, before`}
        width={800}
        height={600}
        loading="lazy"
        draggable={false}
        className="absolute inset-0 h-full w-full object-cover"
        style={{ clipPath: `inset(0 ${100 - percent}% 0 0)` }}
      />
      <span className="absolute top-3 left-3 rounded bg-slate-900/80 px-2 py-1 text-xs font-semibold text-white">Before</span>
      <span className="absolute top-3 right-3 rounded bg-orange-700 px-2 py-1 text-xs font-semibold text-white">After</span>
      <div className="absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow" style={{ left: `${percent}%` }}>
        <div
          role="slider"
          tabIndex={0}
          aria-label={`Before and after: ${title}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(percent)}
          aria-valuetext={`${Math.round(percent)}% before`}
          onKeyDown={(event) => {
            const next = percentAfterKey(percent, event.key);
            if (next !== null) {
              event.preventDefault();
              setPercent(next);
            }
          }}
          className="absolute top-1/2 left-1/2 flex h-11 w-11 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white text-slate-900 shadow-lg ring-2 ring-orange-700 focus:outline-none focus-visible:ring-4 focus-visible:ring-orange-400"
        >
          <ChevronsLeftRight aria-hidden="true" className="h-5 w-5" />
        </div>
      </div>
    </div>
  );
}
