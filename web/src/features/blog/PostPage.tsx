import { ArrowLeft, Calendar, Share2 } from "lucide-react";
import { Link } from "react-router";
import { ClosingCta } from "../../components/ClosingCta";
import { SectionHeading } from "../../components/SectionHeading";
import type { PostData } from "../../lib/api-schema";
import { PostCardView } from "./PostCardView";
import { sharePage } from "./share";

export function PostPage({ data }: { data: PostData }) {
  const { post, related, service, closingCta } = data;
  return (
    <>
      <section className="relative isolate overflow-hidden bg-slate-950 px-4 pt-28 pb-16 text-white sm:px-6 lg:px-8">
        {post.featuredImage && (
          <img
            src={post.featuredImage}
            srcSet={post.featuredImageSrcset ?? undefined}
            sizes="100vw"
            alt={post.featuredImageAlt ?? ""}
            width={1200}
            height={630}
            fetchPriority="high"
            className="absolute inset-0 -z-20 h-full w-full object-cover"
          />
        )}
        <div className="absolute inset-0 -z-10 bg-slate-950/75" />
        <div className="mx-auto max-w-3xl">
          <Link to="/blog" className="inline-flex items-center gap-2 text-sm font-semibold text-orange-200 hover:text-white">
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            Back to Blog
          </Link>
          <p className="mt-6 flex items-center gap-2 text-slate-200">
            <Calendar aria-hidden="true" className="h-4 w-4" />
            {post.date}
          </p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">{post.title}</h1>
          <p className="mt-4 text-lg text-slate-200">{post.excerpt}</p>
          <button
            type="button"
            onClick={() => void sharePage(post.title)}
            className="mt-8 inline-flex items-center gap-2 rounded-lg px-5 py-2.5 font-semibold text-white ring-2 ring-white/70 hover:bg-white/10"
          >
            <Share2 aria-hidden="true" className="h-5 w-5" />
            Share this post
          </button>
        </div>
      </section>
      <article className="post-content mx-auto max-w-3xl px-4 py-14 sm:px-6 lg:px-8" dangerouslySetInnerHTML={{ __html: post.content }} />
      {related.length > 0 && (
        <section className="bg-slate-100 py-16">
          <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
            <SectionHeading title="Related Posts" />
            <div className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
              {related.map((card) => (
                <PostCardView key={card.slug} post={card} linkText="Read More →" />
              ))}
            </div>
          </div>
        </section>
      )}
      <ClosingCta cta={closingCta} service={service} />
    </>
  );
}
