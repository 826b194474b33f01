// How the post editor's Quill is set up: the full toolbar with plain names, the formats it
// allows, safe image sources, the image picker, and the paste cleaning (pasteCleaner).
import Quill from "quill";
import { IMAGE_PICKER_ACCEPT } from "../../../../lib/imageFile";
import "./pasteCleaner";

export const TOOLBAR = [
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
export const FORMATS = [
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
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/heic", "image/heif"];

/** Lets the admin pick image files, as Quill's image button would. */
export function pickImages(choose: (files: File[]) => void): void {
  const input = document.createElement("input");
  input.type = "file";
  input.accept = IMAGE_PICKER_ACCEPT;
  input.addEventListener("change", () => choose(Array.from(input.files ?? [])));
  input.click();
}
Quill.register("formats/image", SafeImage, true);

export function nameControls(toolbar: Element): void {
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
