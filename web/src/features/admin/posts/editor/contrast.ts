// Text the owner coloured in the editor that readers may not be able to read: a colour against
// its background (the page's white, or a highlight) below WCAG's 4.5:1 for body text.

/** WCAG's minimum contrast for normal text. */
export const MIN_CONTRAST = 4.5;
const PAGE_BACKGROUND: Rgb = [255, 255, 255];
const PAGE_TEXT: Rgb = [30, 41, 59];

type Rgb = [number, number, number];

/** A CSS colour as Quill and the browser write it: #rgb, #rrggbb, rgb() or rgba(); null otherwise. */
export function parseColor(value: string): Rgb | null {
  const text = value.trim().toLowerCase();
  if (text === "white") return [255, 255, 255];
  if (text === "black") return [0, 0, 0];
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(text)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
  }
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(text);
  if (!rgb) return null;
  // A see-through colour is left alone: what shows depends on what is under it.
  if (rgb[4] !== undefined && Number(rgb[4]) < 1) return null;
  return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
}

function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast ratio of two colours, from 1 (none) to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A block of the post whose coloured text is hard to read. */
export interface LowContrast {
  /** Its place among the post's blocks (paragraphs, headings, list items), from 1. */
  paragraph: number;
  /** Its first words. */
  text: string;
  ratio: number;
}

/** The blocks of `html` holding text whose colour is below 4.5:1 against its background. */
export function lowContrastParagraphs(html: string): LowContrast[] {
  const body = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html").body;
  const blocks = Array.from(body.querySelectorAll("p, h1, h2, h3, h4, h5, h6, li, blockquote, pre"));
  const found: LowContrast[] = [];
  blocks.forEach((block, index) => {
    const styled = [block, ...Array.from(block.querySelectorAll<HTMLElement>("[style]"))].filter(
      (element): element is HTMLElement => element instanceof HTMLElement && (element.textContent ?? "").trim() !== "",
    );
    const worst = Math.min(...styled.map((element) => ratioOf(element, block)));
    if (worst < MIN_CONTRAST) {
      const text = (block.textContent ?? "").trim().replace(/\s+/g, " ");
      found.push({ paragraph: index + 1, text: text.length > 40 ? `${text.slice(0, 40)}...` : text, ratio: worst });
    }
  });
  return found;
}

/** The contrast of `element`'s own text colour against its background, looking up to `block`. */
function ratioOf(element: HTMLElement, block: Element): number {
  let color: Rgb | null = null;
  let background: Rgb | null = null;
  for (let at: Element | null = element; at && (color === null || background === null); at = at === block ? null : at.parentElement) {
    if (!(at instanceof HTMLElement)) continue;
    color ??= at.style.color ? parseColor(at.style.color) : null;
    background ??= at.style.backgroundColor ? parseColor(at.style.backgroundColor) : null;
  }
  if (color === null && background === null) return Infinity;
  return contrastRatio(color ?? PAGE_TEXT, background ?? PAGE_BACKGROUND);
}

/** The warning's sentence, naming each block. */
export function lowContrastSentence(found: LowContrast[]): string {
  const named = found.map((block) => `paragraph ${block.paragraph} ("${block.text}")`);
  const list = named.length === 1 ? named[0] : `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
  return `The text colour of ${list} is hard to read against its background (under ${MIN_CONTRAST}:1).`;
}
