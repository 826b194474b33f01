// Text pasted from Word or Google Docs keeps its structure (headings, lists, bold, italic,
// links) and loses the source document's look: fonts, sizes, colours, highlights, alignment and
// the empty paragraphs those programs put between blocks. Only pastes are cleaned; loading a
// saved post goes through the same conversion untouched, so the owner's own colours stay.
import Quill, { Delta } from "quill";
import type { Range } from "quill";
import Clipboard from "quill/modules/clipboard";

/** Formats that only carry the source document's look (inline `style` in its HTML). */
const SOURCE_LOOK = ["color", "background", "font", "size", "align", "direction"];

/** `pasted` without the source's look and without blank lines. */
export function withoutSourceLook(pasted: Delta): Delta {
  const plain = new Delta(
    pasted.ops.map((op) => {
      if (!op.attributes) return op;
      const attributes = { ...op.attributes };
      for (const name of SOURCE_LOOK) delete attributes[name];
      // Word and Docs underline link text by hand; the site styles links itself.
      if (attributes.link) delete attributes.underline;
      return Object.keys(attributes).length > 0 ? { ...op, attributes } : { insert: op.insert };
    }),
  );
  const lines: { line: Delta; attributes: Record<string, unknown> }[] = [];
  plain.eachLine((line, attributes) => {
    lines.push({ line, attributes });
  });
  const last = plain.ops[plain.ops.length - 1]?.insert;
  const endsWithNewline = typeof last === "string" && last.endsWith("\n");
  let cleaned = new Delta();
  lines.forEach(({ line, attributes }, index) => {
    if (isBlank(line)) return;
    cleaned = cleaned.concat(line);
    if (index < lines.length - 1 || endsWithNewline) cleaned.insert("\n", attributes);
  });
  return cleaned;
}

/** A line with nothing to read or see: only spaces (non-breaking ones included). */
function isBlank(line: Delta): boolean {
  return line.ops.every((op) => typeof op.insert === "string" && op.insert.replace(/[\s\u00a0]/g, "") === "");
}

/** Quill's clipboard, cleaning what is pasted (see above). */
export class CleanPasteClipboard extends Clipboard {
  private pasting = false;

  override convert(input: { html?: string; text?: string }, formats: Record<string, unknown> = {}): Delta {
    const delta = super.convert(input, formats);
    return this.pasting ? withoutSourceLook(delta) : delta;
  }

  override onPaste(range: Range, data: { text?: string; html?: string }): void {
    this.pasting = true;
    try {
      super.onPaste(range, data);
    } finally {
      this.pasting = false;
    }
  }
}

Quill.register("modules/clipboard", CleanPasteClipboard, true);
