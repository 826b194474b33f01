// The Quill editor, 300px high, with the full toolbar of SPEC.md. It reports its HTML as
// root.innerHTML (getSemanticHTML turns spaces into &nbsp;) and follows outside changes (the raw
// HTML textarea). The server sanitises whatever it saves.
import Quill from "quill";
import "quill/dist/quill.snow.css";
import { useEffect, useRef } from "react";
import { uploadImage } from "./uploadImage";

const TOOLBAR = [
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  [{ font: [] }],
  [{ size: ["small", false, "large", "huge"] }],
  ["bold", "italic", "underline", "strike"],
  [{ color: [] }, { background: [] }],
  [{ script: "sub" }, { script: "super" }],
  [{ list: "ordered" }, { list: "bullet" }],
  [{ indent: "-1" }, { indent: "+1" }],
  [{ direction: "rtl" }],
  [{ align: [] }],
  ["link", "image", "video"],
  ["blockquote", "code-block"],
  ["clean"],
];

/** Only the toolbar's formats: pasted HTML cannot bring others (the formula embed among them,
 * one of the export paths of Quill's open XSS advisory GHSA-v3m3-f69x-jf25). */
const FORMATS = [
  "header",
  "font",
  "size",
  "bold",
  "italic",
  "underline",
  "strike",
  "color",
  "background",
  "script",
  "list",
  "indent",
  "direction",
  "align",
  "link",
  "image",
  "video",
  "blockquote",
  "code-block",
];

/** Plain names for the toolbar's controls, given after mount as their accessible name and
 * tooltip (Quill labels buttons with its format names, such as 'script: sub', and pickers not at
 * all). Keys are the control's class and, for buttons with a value, `class:value`. */
const CONTROL_NAMES: Record<string, string> = {
  "ql-header": "Heading level",
  "ql-font": "Font",
  "ql-size": "Text size",
  "ql-color": "Text colour",
  "ql-background": "Background colour",
  "ql-align": "Alignment",
  "ql-bold": "Bold",
  "ql-italic": "Italic",
  "ql-underline": "Underline",
  "ql-strike": "Strikethrough",
  "ql-script:sub": "Subscript",
  "ql-script:super": "Superscript",
  "ql-list:ordered": "Numbered list",
  "ql-list:bullet": "Bulleted list",
  "ql-indent:-1": "Decrease indent",
  "ql-indent:+1": "Increase indent",
  "ql-direction:rtl": "Right-to-left text",
  "ql-link": "Insert link",
  "ql-image": "Insert image",
  "ql-video": "Insert video",
  "ql-blockquote": "Quote",
  "ql-code-block": "Code block",
  "ql-clean": "Clear formatting",
};

const ImageFormat = Quill.import("formats/image") as unknown as {
  new (...args: never[]): object;
  sanitize(url: string): string;
};

/** Images only from http, https or data:image sources, or uploaded to this site; anything else
 * becomes blank. */
class SafeImage extends ImageFormat {
  static override sanitize(url: string): string {
    return /^(https?:\/\/|data:image\/|\/media\/blog-images\/|\/site\/)/i.test(url.trim()) ? url : "";
  }
}

/** The types the upload accepts; Quill's own uploader only takes PNG and JPEG. */
const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"];

/** Lets the admin pick image files, as Quill's image button would. */
function pickImages(choose: (files: File[]) => void): void {
  const input = document.createElement("input");
  input.type = "file";
  input.accept = "image/*";
  input.addEventListener("change", () => choose(Array.from(input.files ?? [])));
  input.click();
}
Quill.register("formats/image", SafeImage, true);

function nameControls(toolbar: Element): void {
  const name = (element: Element, key: string) => {
    const plain = CONTROL_NAMES[key];
    if (!plain) return;
    element.setAttribute("aria-label", plain);
    element.setAttribute("title", plain);
  };
  toolbar.querySelectorAll("button").forEach((button) => {
    const format = Array.from(button.classList).find((c) => c.startsWith("ql-"));
    if (format) name(button, button.value ? `${format}:${button.value}` : format);
  });
  toolbar.querySelectorAll(".ql-picker").forEach((picker) => {
    const format = Array.from(picker.classList).find((c) => c.startsWith("ql-") && c !== "ql-picker");
    const label = picker.querySelector(".ql-picker-label");
    if (format && label) name(label, format);
  });
}

export function RichTextEditor({
  value,
  onChange,
  onImageError,
  labelledBy,
  describedBy,
  invalid,
}: {
  value: string;
  onChange: (html: string) => void;
  /** An image put in the content was refused or failed to upload (null: the last one worked). */
  onImageError: (message: string | null) => void;
  labelledBy: string;
  describedBy?: string;
  invalid: boolean;
}) {
  const host = useRef<HTMLDivElement>(null);
  const quill = useRef<Quill | null>(null);
  const lastHtml = useRef<string>("");
  const report = useRef(onChange);
  report.current = onChange;
  const reportImageError = useRef(onImageError);
  reportImageError.current = onImageError;

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    const editorElement = document.createElement("div");
    container.append(editorElement);
    // Images in the content go through the same upload as the featured image (checked and
    // re-encoded by the server) instead of Quill's default, which inlines them as base64 and
    // would put megabytes into the page.
    const insertImages = async (index: number, files: File[]) => {
      let at = index;
      for (const file of files) {
        reportImageError.current(null);
        const uploaded = await uploadImage(file);
        if ("url" in uploaded) {
          editor.insertEmbed(at, "image", uploaded.url, "user");
          at += 1;
        } else {
          reportImageError.current(uploaded.error);
        }
      }
    };
    const editor: Quill = new Quill(editorElement, {
      theme: "snow",
      formats: FORMATS,
      modules: {
        toolbar: {
          container: TOOLBAR,
          handlers: { image: () => pickImages((files) => void insertImages(editor.getSelection(true).index, files)) },
        },
        uploader: { mimetypes: IMAGE_TYPES, handler: (range: { index: number }, files: File[]) => void insertImages(range.index, files) },
      },
    });
    quill.current = editor;
    const toolbar = container.querySelector(".ql-toolbar");
    if (toolbar) nameControls(toolbar);
    editor.on("text-change", () => {
      lastHtml.current = editor.root.innerHTML;
      report.current(lastHtml.current);
    });
    return () => {
      quill.current = null;
      lastHtml.current = "";
      container.replaceChildren();
    };
  }, []);

  useEffect(() => {
    const editor = quill.current;
    if (!editor || value === lastHtml.current) return;
    lastHtml.current = value;
    editor.setContents(editor.clipboard.convert({ html: value }), "silent");
  }, [value]);

  useEffect(() => {
    const root = quill.current?.root;
    if (!root) return;
    root.setAttribute("role", "textbox");
    root.setAttribute("aria-multiline", "true");
    root.setAttribute("aria-labelledby", labelledBy);
    root.setAttribute("aria-invalid", String(invalid));
    if (describedBy) root.setAttribute("aria-describedby", describedBy);
    else root.removeAttribute("aria-describedby");
  }, [labelledBy, describedBy, invalid]);

  return <div ref={host} className="rich-text-editor" />;
}
