import { Calendar } from "lucide-react";
import type { CSSProperties } from "react";
import { Link } from "react-router";
import { useLayout } from "../../lib/layout";
import type { PostCard } from "../../lib/api-schema";

/** A post in a grid: image, date, the business label, title, excerpt and a link to read it. */
export function PostCardView({ post, linkText, style }: { post: PostCard; linkText: string; style?: CSSProperties }) {
  const layout = useLayout();
  return (
    <article className="animate-rise flex flex-col overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-slate-200" style={style}>
      {post.featuredImage && (
        <img
          src={post.featuredImage}
          srcSet={post.featuredImageSrcset ?? undefined}
          sizes="(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw"
          alt=""
          width={1200}
          height={630}
          loading="lazy"
          className="aspect-[40/21] w-full object-cover"
        />
      )}
      <div className="flex flex-1 flex-col p-6">
        <p className="flex items-center gap-3 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1">
            <Calendar aria-hidden="true" className="h-4 w-4" />
            {post.date}
          </span>
          <span className="rounded-full bg-orange-100 px-2 py-0.5 text-xs font-semibold text-orange-800">{layout.shortName}</span>
        </p>
        <h2 className="mt-3 text-xl font-bold text-slate-900">{post.title}</h2>
        <p className="mt-2 flex-1 text-slate-700">{post.excerpt}</p>
        <Link to={`/blog/${post.slug}`} className="mt-4 font-semibold text-orange-800 hover:text-orange-900">
          {linkText}
          <span className="sr-only">: {post.title}</span>
        </Link>
      </div>
    </article>
  );
}
