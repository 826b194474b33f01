import { ExternalLink, Eye, EyeOff, FileText, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Spinner } from "../../components/Spinner";
import { AdminShell } from "./AdminShell";
import { adminApi, type AdminPost } from "./api";
import { shortDate } from "./format";
import { ErrorNotice } from "./ErrorNotice";
import { PublishedBadge } from "./PublishedBadge";

const UPDATE_FAILED = "The change could not be saved. Please try again.";
const ACTION = "inline-flex items-center gap-1.5 rounded-md p-2 font-medium text-slate-700 hover:bg-slate-100";

export function DashboardPage() {
  const [posts, setPosts] = useState<AdminPost[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    adminApi.posts().then(
      (loaded) => {
        if (!cancelled) setPosts(loaded);
      },
      (failure: unknown) => {
        console.error("Failed to load posts", failure);
        if (!cancelled) setPosts([]);
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  async function togglePublished(post: AdminPost) {
    setError(null);
    try {
      const saved = await adminApi.setPublished(post.id, !post.published);
      setPosts((current) => current?.map((p) => (p.id === saved.id ? { ...p, published: saved.published } : p)) ?? null);
    } catch (failure) {
      console.error("Failed to change the post", failure);
      setError(UPDATE_FAILED);
    }
  }

  async function remove(post: AdminPost) {
    if (!window.confirm("Are you sure you want to delete this post?")) return;
    setError(null);
    try {
      await adminApi.deletePost(post.id);
      setPosts((current) => current?.filter((p) => p.id !== post.id) ?? null);
    } catch (failure) {
      console.error("Failed to delete the post", failure);
      setError(UPDATE_FAILED);
    }
  }

  const published = posts?.filter((post) => post.published).length ?? 0;
  const counts = [
    { label: "Total Posts", value: posts?.length ?? 0 },
    { label: "Published", value: published },
    { label: "Drafts", value: (posts?.length ?? 0) - published },
  ];

  return (
    <AdminShell>
      <h1 className="text-2xl font-bold text-slate-900">Blog Dashboard</h1>
      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        {counts.map((count) => (
          <div key={count.label} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <dt className="text-sm font-medium text-slate-600">{count.label}</dt>
            <dd className="mt-1 text-3xl font-bold text-slate-900">{count.value}</dd>
          </div>
        ))}
      </dl>
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
        {error && (
          <ErrorNotice className="mx-5 mt-4">
            {error}
          </ErrorNotice>
        )}
        {posts === null ? (
          <Spinner label="Loading posts" />
        ) : posts.length === 0 ? (
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
        ) : (
          // A table from 640 px up; below that each post is a card with its actions in reach.
          <table className="block w-full text-left text-sm sm:table">
            <thead className="hidden bg-slate-50 text-xs tracking-wide text-slate-600 uppercase sm:table-header-group">
              <tr>
                <th scope="col" className="px-5 py-3">Title</th>
                <th scope="col" className="px-5 py-3">Status</th>
                <th scope="col" className="px-5 py-3">Created</th>
                <th scope="col" className="px-5 py-3 text-right">Actions</th>
              </tr>
            </thead>
            <tbody className="block divide-y divide-slate-200 sm:table-row-group">
              {posts.map((post) => (
                <tr key={post.id} data-testid="post-row" className="block px-5 py-4 sm:table-row sm:p-0">
                  <td className="block sm:table-cell sm:max-w-md sm:px-5 sm:py-4">
                    <p className="font-semibold text-slate-900">{post.title}</p>
                    <p className="mt-0.5 line-clamp-2 text-slate-600">{post.excerpt}</p>
                  </td>
                  <td className="mt-2 mr-3 inline-block sm:mt-0 sm:mr-0 sm:table-cell sm:px-5 sm:py-4">
                    <PublishedBadge published={post.published} publishAt={post.publishAt} />
                  </td>
                  <td className="inline-block whitespace-nowrap text-slate-700 sm:table-cell sm:px-5 sm:py-4">
                    <span className="sm:hidden">Created </span>
                    {shortDate(post.createdAt)}
                  </td>
                  <td className="mt-2 block sm:mt-0 sm:table-cell sm:px-5 sm:py-4">
                    <div className="-ml-2 flex flex-wrap gap-1 sm:ml-0 sm:justify-end">
                      {post.published && (
                        <a href={`/blog/${post.slug}`} aria-label={`View ${post.title} on the site`} title="View on site" className={ACTION}>
                          <ExternalLink aria-hidden="true" className="h-4 w-4" />
                          <span className="sm:hidden">View</span>
                        </a>
                      )}
                      <Link
                        to={`/dbadmin/posts/edit/${post.id}`}
                        aria-label={`Edit ${post.title}`}
                        title="Edit"
                        className={ACTION}
                      >
                        <Pencil aria-hidden="true" className="h-4 w-4" />
                        <span className="sm:hidden">Edit</span>
                      </Link>
                      <button
                        type="button"
                        onClick={() => void togglePublished(post)}
                        aria-label={`${post.published ? "Unpublish" : "Publish"} ${post.title}`}
                        title={post.published ? "Unpublish" : "Publish"}
                        className={ACTION}
                      >
                        {post.published ? <EyeOff aria-hidden="true" className="h-4 w-4" /> : <Eye aria-hidden="true" className="h-4 w-4" />}
                        <span className="sm:hidden">{post.published ? "Unpublish" : "Publish"}</span>
                      </button>
                      <button
                        type="button"
                        onClick={() => void remove(post)}
                        aria-label={`Delete ${post.title}`}
                        title="Delete"
                        className={`${ACTION} text-red-700 hover:bg-red-50`}
                      >
                        <Trash2 aria-hidden="true" className="h-4 w-4" />
                        <span className="sm:hidden">Delete</span>
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </AdminShell>
  );
}
