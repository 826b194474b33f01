import { useEffect, useState } from "react";
import { PostCardView } from "../../blog/PostCardView";
import { adminApi } from "../api";
import type { PostDraft } from "../api";
import { PublishedBadge } from "../PublishedBadge";

/** Today as the blog shows dates, e.g. "March 14, 2025". */
function today(): string {
  return new Date().toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric" });
}

/** The post as visitors will see it: its card, then its content as the server sanitises it. */
export function PostPreview({ draft }: { draft: PostDraft }) {
  const [html, setHtml] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    adminApi.previewContent(draft.content).then(
      (clean) => {
        if (!cancelled) setHtml(clean);
      },
      (failure: unknown) => {
        console.error("Preview failed", failure);
        if (!cancelled) setHtml("");
      },
    );
    return () => {
      cancelled = true;
    };
  }, [draft.content]);

  return (
    <section aria-labelledby="preview-heading" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="preview-heading" className="text-lg font-semibold text-slate-900">
          Live Preview
        </h2>
        <p className="flex items-center gap-2 text-sm">
          <PublishedBadge published={draft.published} />
          <span className="text-slate-700">/blog/{draft.slug}</span>
        </p>
      </div>
      <div className="mt-6 max-w-sm">
        <PostCardView
          linkText="Read More"
          post={{
            title: draft.title.trim() || "Untitled post",
            slug: draft.slug,
            excerpt: draft.excerpt,
            featuredImage: draft.featuredImage,
            featuredImageSrcset: null,
            date: today(),
          }}
        />
      </div>
      <div className="mt-8 border-t border-slate-200 pt-6">
        {html === null ? (
          <p className="text-slate-600">Preparing the preview...</p>
        ) : (
          // The server's sanitiser made this HTML (POST /api/admin/posts/preview).
          <div className="post-content" dangerouslySetInnerHTML={{ __html: html }} />
        )}
      </div>
    </section>
  );
}
