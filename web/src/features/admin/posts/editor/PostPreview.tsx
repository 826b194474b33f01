import { ExternalLink } from "lucide-react";
import { useEffect, useState } from "react";
import { useLayout } from "../../../../lib/layout";
import { PostCardView } from "../../../blog/PostCardView";
import { AdminApiError, adminApi } from "../../frame/api";
import type { PostDraft } from "../../frame/api";
import { PublishedBadge } from "../PublishedBadge";

const PREVIEW_NEEDS = "The full preview needs what a save needs: fill in the fields marked in Compose first.";
const PREVIEW_FAILED = "The full preview could not be opened. Please try again.";

/** Today on the shop's clock as the blog shows dates, e.g. "March 14, 2025". */
function today(timeZone: string): string {
  return new Date().toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone });
}

/**
 * The post as visitors will see it: its card, then its content as the server sanitises it; and
 * 'Open full preview', the unsaved post in a new tab as the public post page itself shows it.
 */
export function PostPreview({ draft, postId }: { draft: PostDraft; postId: number | null }) {
  const { timeZone } = useLayout();
  const [html, setHtml] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function openFull() {
    setProblem(null);
    // Opened now, while the click counts, so no pop-up blocker stops it; its address follows.
    const tab = window.open("", "_blank");
    try {
      const { url } = await adminApi.fullPreview(postId, { ...draft, publishAt: null });
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (failure) {
      tab?.close();
      setProblem(failure instanceof AdminApiError && failure.status === 422 ? PREVIEW_NEEDS : PREVIEW_FAILED);
    }
  }

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
        <button
          type="button"
          onClick={() => void openFull()}
          className="inline-flex items-center gap-1.5 rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          Open full preview
          <ExternalLink aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only">(opens in a new tab)</span>
        </button>
      </div>
      {problem && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {problem}
        </p>
      )}
      <div className="mt-6 max-w-sm">
        <PostCardView
          linkText="Read More"
          post={{
            title: draft.title.trim() || "Untitled post",
            slug: draft.slug,
            excerpt: draft.excerpt,
            featuredImage: draft.featuredImage,
            featuredImageSrcset: null,
            date: today(timeZone),
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
