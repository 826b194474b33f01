// The Quill editor, 300px high, with the full toolbar (set up in quillConfig). It
// reports its HTML as root.innerHTML (getSemanticHTML turns spaces into &nbsp;) and follows
// outside changes (the raw HTML textarea). The server sanitises whatever it saves. Each picture
// put in asks for its description; clicking a picture asks again.
import Quill from "quill";
import "quill/dist/quill.snow.css";
import "./toolbar.css";
import { useEffect, useEffectEvent, useImperativeHandle, useRef, useState, type Ref } from "react";
import { DescribeImageDialog } from "./DescribeImageDialog";
import { isDescribed } from "./imageDescriptions";
import { FORMATS, IMAGE_TYPES, TOOLBAR, nameControls, pickImages } from "./quillConfig";
import { uploadImage } from "../../frame/uploadImage";

/** What the editor page may ask of the editor. */
export interface RichTextHandle {
  /** Asks for the description of each picture in the text that has none, one after another. */
  describeMissing: () => void;
  /** Puts the caret in the text. */
  focus: () => void;
}

export function RichTextEditor({
  value,
  onChange,
  onImageError,
  labelledBy,
  describedBy,
  invalid,
  ref,
}: {
  value: string;
  onChange: (html: string) => void;
  /** An image put in the content was refused or failed to upload (null: the last one worked). */
  onImageError: (message: string | null) => void;
  labelledBy: string;
  describedBy?: string;
  invalid: boolean;
  ref?: Ref<RichTextHandle>;
}) {
  const host = useRef<HTMLDivElement>(null);
  const quill = useRef<Quill | null>(null);
  const lastHtml = useRef<string>("");
  const report = useEffectEvent((html: string) => onChange(html));
  const reportImageError = useEffectEvent((message: string | null) => onImageError(message));
  /** Pictures in the text still to be asked about, the one asked about first. */
  const [toDescribe, setToDescribe] = useState<HTMLImageElement[]>([]);
  /** Where the caret was in the text when a picture put there (or clicked) was asked about:
   * typing goes on from there once the questions are answered. */
  const caret = useRef<number | null>(null);

  useImperativeHandle(ref, () => ({
    focus: () => quill.current?.focus(),
    describeMissing: () => {
      const root = quill.current?.root;
      if (root) setToDescribe(Array.from(root.querySelectorAll("img")).filter((image) => !isDescribed(image)));
    },
  }));

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
      const inserted: HTMLImageElement[] = [];
      for (const file of files) {
        reportImageError(null);
        const uploaded = await uploadImage(file);
        if ("url" in uploaded) {
          editor.insertEmbed(at, "image", uploaded.url, "user");
          const [leaf] = editor.getLeaf(at + 1);
          if (leaf?.domNode instanceof HTMLImageElement) inserted.push(leaf.domNode);
          at += 1;
        } else {
          reportImageError(uploaded.error);
        }
      }
      if (inserted.length > 0) {
        caret.current = at;
        setToDescribe(inserted);
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
      report(lastHtml.current);
    });
    editor.root.addEventListener("click", (event) => {
      if (!(event.target instanceof HTMLImageElement)) return;
      const blot = Quill.find(event.target);
      caret.current = blot && !(blot instanceof Quill) ? editor.getIndex(blot) + 1 : (editor.getSelection()?.index ?? null);
      setToDescribe([event.target]);
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

  const asked = toDescribe.find((image) => image.isConnected) ?? null;
  const asking = asked !== null;

  // Once the last question is answered, the text has the focus again with the caret where it
  // was (the dialog gives focus back first; this runs after it).
  useEffect(() => {
    const editor = quill.current;
    if (asking || !editor || caret.current === null) return;
    editor.setSelection(Math.min(caret.current, editor.getLength() - 1), 0, "user");
    caret.current = null;
  }, [asking]);

  /** Gives the asked picture its description (none when blank) and moves to the next one. */
  function describe(alt: string | null) {
    const editor = quill.current;
    const blot = asked ? Quill.find(asked) : null;
    if (editor && blot && !(blot instanceof Quill) && alt !== null) {
      editor.formatText(editor.getIndex(blot), 1, "alt", alt === "" ? false : alt, "user");
    }
    setToDescribe((queue) => queue.filter((image) => image !== asked && image.isConnected));
  }

  return (
    <>
      <div ref={host} className="rich-text-editor" />
      <DescribeImageDialog image={asked} onSave={(alt) => describe(alt)} onSkip={() => describe(null)} />
    </>
  );
}
