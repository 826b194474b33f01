import { ExternalLink, EyeOff, FileText, Globe, Pencil, Plus, RotateCcw, Search, Trash2 } from "lucide-react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { AdminShell } from "../frame/AdminShell";
import { adminApi, type AdminPost } from "../frame/api";
import { Loaded } from "../frame/Loaded";
import { useNow, useShopClock } from "../frame/format";
import { ErrorNotice } from "../frame/ErrorNotice";
import { PublishedBadge } from "./PublishedBadge";
import { DialogActions, ModalDialog } from "../frame/ModalDialog";
import { PLAIN_BUTTON } from "../frame/form";
import { Pager } from "./Pager";
import { ORDERS, TABS, usePostListParams } from "./postListParams";
import { backupLine } from "./backupNotice";
import { keys, useDeskStatus } from "../frame/queries";
import { useSearchBox } from "../frame/searchBox";

/** What the editor tells the dashboard after a save. */
export interface DashboardState {
  saved: string;
}

const UPDATE_FAILED = "The change could not be saved. Please try again.";
const ACTION = "inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 font-medium text-slate-700 hover:bg-slate-100";

function savedMessage(state: unknown): string | null {
  const saved = (state as Partial<DashboardState> | null)?.saved;
  return typeof saved === "string" ? saved : null;
}

/** The posts, a page at a time: filtered by status and title, sorted, with the counts of each. */
export function DashboardPage() {
  const { shortDate } = useShopClock();
  const location = useLocation();
  const ids = useId();
  const { params, status, order, page, query, show } = usePostListParams();
  const putSearch = useCallback((q: string) => show({ q }, true), [show]);
  const [typed, type] = useSearchBox(query, params, putSearch);
  const client = useQueryClient();
  // The page shown stays while the next one loads (a tab, a page, a search typed). A save in the
  // editor drops the lists, so coming back from it never shows one as it was.
  const posts = useQuery({
    queryKey: keys.posts(status, order, query, page),
    queryFn: () => adminApi.posts({ status, sort: order, q: query, page }),
    placeholderData: keepPreviousData,
  });
  const list = posts.data;
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(() => savedMessage(location.state));
  const [deleting, setDeleting] = useState<AdminPost | null>(null);
  /** The post whose 'Unpublish' asks first, and the one just taken off (its Undo). */
  const [unpublishing, setUnpublishing] = useState<AdminPost | null>(null);
  const [takenOff, setTakenOff] = useState<AdminPost | null>(null);
  const desk = useDeskStatus();
  const now = useNow();
  const backups = desk === null ? null : backupLine(desk.backups, now);

  async function change(action: () => Promise<unknown>, done: string) {
    setError(null);
    setNotice(null);
    setTakenOff(null);
    try {
      await action();
      setNotice(done);
      void client.invalidateQueries({ queryKey: keys.allPosts });
    } catch (failure) {
      console.error("Failed to change the post", failure);
      setError(UPDATE_FAILED);
    }
  }

  const counts = list?.counts;
  // Scheduled posts are counted apart from the drafts (they go live by themselves).
  const cards = [
    { label: "Total Posts", value: counts?.all ?? 0 },
    { label: "Published", value: counts?.published ?? 0 },
    ...(counts && counts.scheduled > 0 ? [{ label: "Scheduled", value: counts.scheduled }] : []),
    { label: "Drafts", value: counts?.drafts ?? 0 },
  ];
  // The spec's empty state when there is no post (deleted ones wait under their own tab).
  const noPosts = counts !== undefined && counts.all === 0 && status === "all" && !query;
  const toolbar = counts !== undefined && counts.all + counts.deleted > 0;

  return (
    <AdminShell title="Posts">
      <h1 className="text-2xl font-bold text-slate-900">Blog Dashboard</h1>
      {backups && (
        <p
          data-testid="last-backup"
          className={`mt-2 text-sm ${backups.warning ? "rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950" : "text-slate-600"}`}
        >
          {backups.text}
        </p>
      )}
      <div
        role="status"
        className={
          notice ? "mt-4 flex flex-wrap items-center gap-3 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900" : "sr-only"
        }
      >
        {notice}
        {notice && takenOff && (
          <button
            type="button"
            onClick={() => void change(() => adminApi.setPublished(takenOff.id, true), `Back on the site: ${takenOff.title}`)}
            className="rounded-md bg-white px-3 py-1 font-semibold text-green-900 ring-1 ring-green-300 hover:bg-green-100"
          >
            Undo
          </button>
        )}
      </div>
      <ModalDialog
        open={unpublishing !== null}
        title={`Take “${unpublishing?.title ?? ""}” off the site?`}
        description="It leaves the blog, the sitemap and the feed at once, and waits under Drafts until you publish it again."
        onCancel={() => setUnpublishing(null)}
      >
        <DialogActions>
          <button type="button" autoFocus onClick={() => setUnpublishing(null)} className={PLAIN_BUTTON}>
            Keep it on the site
          </button>
          <button
            type="button"
            onClick={() => {
              const post = unpublishing;
              setUnpublishing(null);
              if (!post) return;
              void change(() => adminApi.setPublished(post.id, false), `Taken off the site: ${post.title}`).then(() => setTakenOff(post));
            }}
            className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
          >
            Take it off
          </button>
        </DialogActions>
      </ModalDialog>
      <dl className={`mt-6 grid gap-4 ${cards.length === 4 ? "sm:grid-cols-4" : "sm:grid-cols-3"}`}>
        {cards.map((count) => (
          <div key={count.label} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <dt className="text-sm font-medium text-slate-600">{count.label}</dt>
            <dd className="mt-1 text-3xl font-bold text-slate-900">{count.value.toLocaleString("en-US")}</dd>
          </div>
        ))}
      </dl>
      <ModalDialog
        open={deleting !== null}
        title={`Delete “${deleting?.title ?? ""}”?`}
        description="Are you sure you want to delete this post? It leaves the site now and stays under Deleted for 30 days, where you can restore it."
        onCancel={() => setDeleting(null)}
      >
        <DialogActions>
          <button type="button" autoFocus onClick={() => setDeleting(null)} className={PLAIN_BUTTON}>
            Cancel
          </button>
          <button
            type="button"
            onClick={() => {
              const post = deleting;
              setDeleting(null);
              if (post) void change(() => adminApi.deletePost(post.id), `Deleted: ${post.title}. It stays under Deleted for 30 days.`);
            }}
            className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
          >
            Delete
          </button>
        </DialogActions>
      </ModalDialog>
      <section className="mt-8 rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-labelledby="posts-heading">
        <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
          <h2 id="posts-heading" className="text-lg font-semibold text-slate-900">
            Blog Posts
          </h2>
          <Link
            to="/dbadmin/posts/new"
            className="inline-flex items-center gap-1.5 rounded-lg bg-orange-700 px-4 py-2 text-sm font-semibold text-white hover:bg-orange-800"
          >
            <Plus aria-hidden="true" className="h-4 w-4" />
            New Post
          </Link>
        </div>
        {toolbar && (
          <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 px-5 py-3">
            <div role="group" aria-label="Show" className="flex flex-wrap gap-1">
              {TABS.map((tab) => (
                <button
                  key={tab.status}
                  type="button"
                  aria-pressed={status === tab.status}
                  onClick={() => show({ status: tab.status })}
                  className={`rounded-md px-3 py-1.5 text-sm font-medium ${status === tab.status ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"}`}
                >
                  {tab.label}
                  {counts && <span className="ml-1 tabular-nums opacity-80">{counts[tab.status].toLocaleString("en-US")}</span>}
                </button>
              ))}
            </div>
            <div className="ml-auto flex flex-wrap items-end gap-3">
              <div>
                <label htmlFor={`${ids}-search`} className="block text-xs font-medium text-slate-700">
                  Search titles
                </label>
                <div className="relative mt-1">
                  <Search aria-hidden="true" className="pointer-events-none absolute top-2.5 left-2.5 h-4 w-4 text-slate-500" />
                  <input
                    id={`${ids}-search`}
                    type="search"
                    value={typed}
                    onChange={(event) => type(event.target.value)}
                    maxLength={200}
                    className="w-56 rounded-lg border border-slate-300 py-1.5 pr-3 pl-8 text-sm focus:border-orange-600 focus:ring-2 focus:ring-orange-200 focus:outline-none"
                  />
                </div>
              </div>
              <div>
                <label htmlFor={`${ids}-sort`} className="block text-xs font-medium text-slate-700">
                  Order
                </label>
                <select
                  id={`${ids}-sort`}
                  value={order}
                  onChange={(event) => show({ sort: event.target.value })}
                  className="mt-1 rounded-lg border border-slate-300 px-2 py-1.5 text-sm focus:border-orange-600 focus:ring-2 focus:ring-orange-200 focus:outline-none"
                >
                  {ORDERS.map((o) => (
                    <option key={o.order} value={o.order}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          </div>
        )}
        {error && <ErrorNotice className="mx-5 mt-4">{error}</ErrorNotice>}
        <div className="px-5 empty:hidden">
          <Loaded query={posts} what="The posts" loading="Loading posts">
            {() => null}
          </Loaded>
        </div>
        {list === undefined ? null : noPosts ? (
          <div className="px-5 py-16 text-center">
            <FileText aria-hidden="true" className="mx-auto h-12 w-12 text-slate-400" />
            <h3 className="mt-3 text-lg font-semibold text-slate-900">No blog posts yet</h3>
            <p className="mt-1 text-slate-600">Get started by creating your first blog post.</p>
            <Link
              to="/dbadmin/posts/new"
              className="mt-5 inline-flex items-center gap-1.5 rounded-lg bg-orange-700 px-4 py-2 text-sm font-semibold text-white hover:bg-orange-800"
            >
              <Plus aria-hidden="true" className="h-4 w-4" />
              Create First Post
            </Link>
          </div>
        ) : list.posts.length === 0 ? (
          <p className="px-5 py-12 text-center text-slate-700">
            {query
              ? `No ${status === "all" ? "" : `${TABS.find((t) => t.status === status)?.label.toLowerCase()} `}posts have “${query}” in their title.`
              : status === "deleted"
                ? "Nothing was deleted in the last 30 days."
                : "No posts here."}
          </p>
        ) : (
          <>
            {/* A table from 640 px up; below that each post is a card with its actions in reach. */}
            <table className="block w-full text-left text-sm sm:table">
              <thead className="hidden bg-slate-50 text-xs tracking-wide text-slate-600 uppercase sm:table-header-group">
                <tr>
                  <th scope="col" className="px-5 py-3">
                    Title
                  </th>
                  <th scope="col" className="px-5 py-3">
                    Status
                  </th>
                  <th scope="col" className="px-5 py-3">
                    {status === "deleted" ? "Deleted" : "Created"}
                  </th>
                  <th scope="col" className="px-5 py-3 text-right">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="block divide-y divide-slate-200 sm:table-row-group">
                {list.posts.map((post) => (
                  <tr key={post.id} data-testid="post-row" className="block px-5 py-4 sm:table-row sm:p-0">
                    <td className="block sm:table-cell sm:max-w-md sm:px-5 sm:py-4">
                      <p className="font-semibold text-slate-900">{post.title}</p>
                      <p className="mt-0.5 line-clamp-2 text-slate-600">{post.excerpt}</p>
                    </td>
                    <td className="mt-2 mr-3 inline-block sm:mt-0 sm:mr-0 sm:table-cell sm:px-5 sm:py-4">
                      {post.deletedAt ? (
                        <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800">Deleted</span>
                      ) : (
                        <PublishedBadge published={post.published} publishAt={post.publishAt} />
                      )}
                    </td>
                    <td className="inline-block whitespace-nowrap text-slate-700 sm:table-cell sm:px-5 sm:py-4">
                      <span className="sm:hidden">{post.deletedAt ? "Deleted " : "Created "}</span>
                      {shortDate(post.deletedAt ?? post.createdAt)}
                    </td>
                    <td className="mt-2 block sm:mt-0 sm:table-cell sm:px-5 sm:py-4">
                      <div className="-ml-2 flex flex-wrap gap-1 sm:ml-0 sm:justify-end">
                        {post.deletedAt ? (
                          <button
                            type="button"
                            onClick={() => void change(() => adminApi.restorePost(post.id), `Restored as a draft: ${post.title}`)}
                            aria-label={`Restore ${post.title}`}
                            className={ACTION}
                          >
                            <RotateCcw aria-hidden="true" className="h-4 w-4" />
                            Restore
                          </button>
                        ) : (
                          <>
                            {post.published && (
                              <a href={`/blog/${post.slug}`} aria-label={`View ${post.title} on the site`} className={ACTION}>
                                <ExternalLink aria-hidden="true" className="h-4 w-4" />
                                View
                              </a>
                            )}
                            <Link to={`/dbadmin/posts/edit/${post.id}`} aria-label={`Edit ${post.title}`} className={ACTION}>
                              <Pencil aria-hidden="true" className="h-4 w-4" />
                              Edit
                            </Link>
                            <button
                              type="button"
                              onClick={() =>
                                post.published ? setUnpublishing(post) : void change(() => adminApi.setPublished(post.id, true), `Published: ${post.title}`)
                              }
                              aria-label={`${post.published ? "Unpublish" : "Publish"} ${post.title}`}
                              className={ACTION}
                            >
                              {post.published ? <EyeOff aria-hidden="true" className="h-4 w-4" /> : <Globe aria-hidden="true" className="h-4 w-4" />}
                              {post.published ? "Unpublish" : "Publish"}
                            </button>
                            <button
                              type="button"
                              onClick={() => setDeleting(post)}
                              aria-label={`Delete ${post.title}`}
                              className={`${ACTION} text-red-700 hover:bg-red-50`}
                            >
                              <Trash2 aria-hidden="true" className="h-4 w-4" />
                              Delete
                            </button>
                          </>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager
              label="Posts pages"
              page={list.page}
              pageCount={list.pageCount}
              total={list.total}
              perPage={list.perPage}
              noun={["post", "posts"]}
              onPage={(next) => show({ page: String(next) })}
            />
          </>
        )}
      </section>
    </AdminShell>
  );
}
