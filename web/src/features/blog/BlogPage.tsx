import { ArrowLeft, ArrowRight, FileText, Search } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { PageHero } from "../../components/PageHero";
import { Spinner } from "../../components/Spinner";
import type { BlogData, PostCard } from "../../lib/api-schema";
import { useIsClient } from "../../lib/useIsClient";
import { PostCardView } from "./PostCardView";
import { cardDelay, listPath, useBlogSearch } from "./search";

export function BlogPage({ data }: { data: BlogData }) {
  const [params, setParams] = useSearchParams();
  // The cached page is the unfiltered list; the query from the address applies after hydration.
  // A search sent without script comes with the server's answer.
  const made = data.search;
  const query = useIsClient() ? (params.get("q") ?? "") : (made?.typed ?? "");
  const results = useBlogSearch(query, made?.found ? { needle: made.typed.trim(), results: made.found } : null);
  const problem = made?.problem && query === made.typed ? made.problem : null;
  const search = (value: string) => setParams(value ? { q: value } : {}, { replace: true, preventScrollReset: true });

  return (
    <>
      <PageHero title="Trailer Repair Blog" subtitle="Maintenance tips, repair guides and seasonal advice from the technicians in our shop.">
        <form role="search" method="get" action="/blog" onSubmit={(e) => e.preventDefault()} className="relative mx-auto mt-8 max-w-xl">
          <Search aria-hidden="true" className="absolute top-1/2 left-4 h-5 w-5 -translate-y-1/2 text-slate-500" />
          <label htmlFor="blog-search" className="sr-only">
            Search blog posts
          </label>
          <input
            id="blog-search"
            type="search"
            name="q"
            maxLength={100}
            value={query}
            onChange={(e) => search(e.target.value)}
            placeholder="Search blog posts..."
            className="w-full rounded-full bg-white py-3 pr-4 pl-12 text-slate-900 shadow-lg focus:ring-4 focus:ring-orange-300 focus:outline-none"
          />
        </form>
      </PageHero>
      {/* A short count is announced after a search, not every card of the results. */}
      <p role="status" className="sr-only">
        {results.status === "done" ? foundText(results.total, results.more) : ""}
      </p>
      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        {problem ? (
          <p role="alert" className="text-center text-slate-700">
            {problem}
          </p>
        ) : results.status === "loading" ? (
          <Spinner label="Searching blog posts" />
        ) : results.status === "done" ? (
          <>
            {results.total > results.posts.length && (
              <p className="mb-8 text-center text-slate-700">
                Showing the {results.posts.length} best of {results.more ? "more than " : ""}
                {results.total.toLocaleString("en-US")} posts that match. Add a word to narrow the search.
              </p>
            )}
            <PostGrid posts={results.posts} searching />
          </>
        ) : (
          <>
            <PostGrid posts={data.posts} searching={false} />
            <ListPages page={data.page} pageCount={data.pageCount} />
          </>
        )}
      </section>
    </>
  );
}

/** "3 posts found", "No posts found", "More than 500 posts found". */
function foundText(total: number, more: boolean): string {
  if (total === 0) return "No posts found";
  return `${more ? "More than " : ""}${total.toLocaleString("en-US")} ${total === 1 ? "post" : "posts"} found`;
}

function PostGrid({ posts, searching }: { posts: PostCard[]; searching: boolean }) {
  if (posts.length === 0) {
    return (
      <div className="py-16 text-center">
        <FileText aria-hidden="true" className="mx-auto h-12 w-12 text-slate-400" />
        <h2 className="mt-4 text-2xl font-bold text-slate-900">No blog posts found</h2>
        <p className="mt-2 text-slate-600">{searching ? "Try adjusting your search terms." : "Check back soon for expert trailer repair tips and insights!"}</p>
      </div>
    );
  }
  return (
    <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
      {posts.map((post, index) => (
        <PostCardView key={post.slug} post={post} linkText="Read More" style={{ animationDelay: cardDelay(index) }} />
      ))}
    </div>
  );
}

/** Links to the newer and older list pages: plain links, so crawlers and visitors without
 * JavaScript reach every post. */
function ListPages({ page, pageCount }: { page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const link = "inline-flex items-center gap-2 rounded-lg px-5 py-2.5 font-semibold text-orange-800 ring-2 ring-orange-200 hover:bg-orange-50";
  return (
    <nav aria-label="Blog pages" className="mt-12 flex flex-wrap items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={listPath(page - 1)} rel="prev" className={link}>
          <ArrowLeft aria-hidden="true" className="h-5 w-5" />
          Newer posts
        </Link>
      ) : (
        <span />
      )}
      <p className="text-slate-700">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={listPath(page + 1)} rel="next" className={link}>
          Older posts
          <ArrowRight aria-hidden="true" className="h-5 w-5" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
