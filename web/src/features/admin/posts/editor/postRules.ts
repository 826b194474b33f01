import type { AdminPost, PostDraft } from "../../frame/api";
import { shopLocalInput } from "../../frame/format";

// The editor's rules: the required fields, the image checks.

export interface PostFields {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
}

export type PostErrors = Partial<Record<keyof PostFields, string>>;

/** Whether HTML shows nothing: no text outside tags and no image or video (Quill's empty
 * editor is `<p><br></p>`). */
export function isBlankHtml(html: string): boolean {
  if (/<(img|iframe)\b/i.test(html)) return false;
  const text = html.replace(/<[^>]*>/g, "").replace(/&nbsp;/g, " ");
  return text.trim() === "";
}

/** docs/product.md section 5, checked after trimming; the server checks the same again. */
export function validatePost(post: PostFields): PostErrors {
  const errors: PostErrors = {};
  if (!post.title.trim()) errors.title = "Title is required";
  if (!post.slug.trim()) errors.slug = "Slug is required";
  if (isBlankHtml(post.content)) errors.content = "Content is required";
  if (!post.excerpt.trim()) errors.excerpt = "Excerpt is required";
  return errors;
}

/** Whether two drafts hold the same post (Quill writes an empty editor as `<p><br></p>`). */
export function sameDraft(a: PostDraft, b: PostDraft): boolean {
  const content = (html: string) => (html === "<p><br></p>" ? "" : html);
  return (
    a.title === b.title &&
    a.slug === b.slug &&
    a.excerpt === b.excerpt &&
    content(a.content) === content(b.content) &&
    a.featuredImage === b.featuredImage &&
    a.featuredImageAlt === b.featuredImageAlt &&
    (a.publishAt ?? "") === (b.publishAt ?? "") &&
    a.metaDescription === b.metaDescription &&
    a.socialImage === b.socialImage &&
    (a.service ?? null) === (b.service ?? null)
  );
}

/** A stored post as the editor holds it: texts never null, a scheduled time on the shop's clock. */
export function storedDraft(post: AdminPost, timeZone: string): PostDraft {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content ?? "",
    featuredImage: post.featuredImage,
    featuredImageAlt: post.featuredImageAlt ?? "",
    published: post.published,
    publishAt: post.publishAt ? shopLocalInput(post.publishAt, timeZone) : null,
    metaDescription: post.metaDescription ?? "",
    socialImage: post.socialImage ?? null,
    service: post.service ?? null,
  };
}
