import Quill from "quill";
import { describe, expect, it } from "vitest";
import { FORMATS } from "./quillConfig";
import googleDocs from "./paste-fixtures/google-docs.html?raw";
import word from "./paste-fixtures/word.html?raw";

/** The editor's HTML after pasting `html` into an empty editor set up as the post editor is. */
function pasted(html: string, text = ""): string {
  const host = document.createElement("div");
  document.body.append(host);
  const editor = new Quill(host, { formats: FORMATS });
  // jsdom lays nothing out: the paste's scroll into view has nothing to measure.
  editor.scrollSelectionIntoView = () => undefined;
  editor.clipboard.onPaste({ index: 0, length: 0 }, { html, text });
  // The empty editor's own last line stays after what was pasted.
  const result = editor.root.innerHTML.replace(/<p><br><\/p>$/, "");
  host.remove();
  return result;
}

/** What the source document's look leaves behind, if anything. */
const SOURCE_LOOK = /style=|class="ql-(font|size|align|direction)|<font|color|background|Mso|<o:p/i;

describe("pasting from Word", () => {
  const html = pasted(word);

  it("keeps the heading, bold, italic, the bullets and the link", () => {
    expect(html).toContain("<h1>Getting Your Trailer Ready for Spring</h1>");
    expect(html).toContain("<strong>careful look</strong>");
    expect(html).toContain("<em>Brakes first.</em>");
    expect(html).toMatch(
      /<ol><li data-list="bullet">(<span class="ql-ui"[^>]*><\/span>)?Check the tire pressure<\/li><li data-list="bullet">(<span class="ql-ui"[^>]*><\/span>)?Test every light<\/li><\/ol>/,
    );
    expect(html).toContain('<a href="https://trailerworks.example/booking" rel="noopener noreferrer" target="_blank">our booking page</a>');
  });

  it("drops fonts, colours, highlights, alignment and the empty paragraphs", () => {
    expect(html).not.toMatch(SOURCE_LOOK);
    expect(html).not.toContain("<p><br></p>");
    expect(html).not.toContain("Comic Sans");
  });
});

describe("pasting from Google Docs", () => {
  const html = pasted(googleDocs);

  it("keeps the heading, bold, italic, the numbered list and the link", () => {
    expect(html).toContain("<h2>Winter Storage Checklist</h2>");
    expect(html).toContain("<p>Park it on <strong>level ground</strong> and <em>cover the tires</em>.</p>");
    expect(html).toMatch(
      /<ol><li data-list="ordered">(<span class="ql-ui"[^>]*><\/span>)?Grease the coupler<\/li><li data-list="ordered">(<span class="ql-ui"[^>]*><\/span>)?Disconnect the battery<\/li><\/ol>/,
    );
    expect(html).toContain('<a href="https://trailerworks.example/contact" rel="noopener noreferrer" target="_blank">Ask us</a>');
  });

  it("drops the whole document's bold wrapper, colours, fonts and empty lines", () => {
    expect(html).not.toMatch(SOURCE_LOOK);
    expect(html).not.toContain("<p><br></p>");
    expect(html).not.toContain("<strong>Winter");
  });
});

describe("what is not a paste", () => {
  it("a saved post loads with the owner's own colours and empty lines", () => {
    const host = document.createElement("div");
    document.body.append(host);
    const editor = new Quill(host, { formats: FORMATS });
    const saved = '<p><span style="color: rgb(230, 0, 0);">Red by choice</span></p><p><br></p><p>After a gap</p>';
    editor.setContents(editor.clipboard.convert({ html: saved }), "silent");
    expect(editor.root.innerHTML).toBe(saved);
    host.remove();
  });

  it("plain text pastes as it is", () => {
    expect(pasted("", "Just words")).toBe("<p>Just words</p>");
  });
});
