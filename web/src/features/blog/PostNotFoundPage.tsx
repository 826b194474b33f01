import { FileX } from "lucide-react";
import { Link } from "react-router";

export function PostNotFoundPage() {
  return (
    <section className="flex min-h-[70vh] items-center justify-center bg-slate-900 px-4 pt-24 pb-16 text-center text-white">
      <div>
        <FileX aria-hidden="true" className="mx-auto h-16 w-16 text-orange-400" />
        <h1 className="mt-6 text-3xl font-bold">Post Not Found</h1>
        <p className="mx-auto mt-4 max-w-md text-slate-300">The blog post you're looking for doesn't exist.</p>
        <Link to="/blog" className="mt-8 inline-block rounded-lg bg-orange-700 px-6 py-3 font-semibold text-white hover:bg-orange-800">
          Back to Blog
        </Link>
      </div>
    </section>
  );
}
