import { FileText, Search } from "lucide-react";
import { useSearchParams } from "react-router";
import { PageHero } from "../../components/PageHero";
import type { BlogData } from "../../lib/types";
import { useIsClient } from "../../lib/useIsClient";
import { PostCardView } from "./PostCardView";
import { cardDelay, filterPosts } from "./search";

export function BlogPage({ data }: { data: BlogData }) {
  const [params, setParams] = useSearchParams();
  // The cached page is the unfiltered list; the query from the address applies after hydration.
  const query = useIsClient() ? (params.get("q") ?? "") : "";
  const posts = filterPosts(data.posts, query);
  const search = (value: string) => setParams(value ? { q: value } : {}, { replace: true, preventScrollReset: true });

  return (
    <>
      <PageHero
        title="Trailer Repair Blog"
        subtitle="Maintenance tips, repair guides and seasonal advice from the technicians in our shop."
      >
        <div className="relative mx-auto mt-8 max-w-xl">
          <Search aria-hidden="true" className="absolute top-1/2 left-4 h-5 w-5 -translate-y-1/2 text-slate-500" />
          <label htmlFor="blog-search" className="sr-only">
            Search blog posts
          </label>
          <input
            id="blog-search"
            type="search"
            value={query}
            onChange={(e) => search(e.target.value)}
            placeholder="Search blog posts..."
            className="w-full rounded-full bg-white py-3 pr-4 pl-12 text-slate-900 shadow-lg focus:ring-4 focus:ring-orange-300 focus:outline-none"
          />
        </div>
      </PageHero>
      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8" aria-live="polite">
        {posts.length === 0 ? (
          <div className="py-16 text-center">
            <FileText aria-hidden="true" className="mx-auto h-12 w-12 text-slate-400" />
            <h2 className="mt-4 text-2xl font-bold text-slate-900">No blog posts found</h2>
            <p className="mt-2 text-slate-600">
              {query.trim() ? "Try adjusting your search terms." : "Check back soon for expert trailer repair tips and insights!"}
            </p>
          </div>
        ) : (
          <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post, index) => (
              <PostCardView key={post.slug} post={post} linkText="Read More" style={{ animationDelay: cardDelay(index) }} />
            ))}
          </div>
        )}
      </section>
    </>
  );
}
