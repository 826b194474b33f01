import { ArrowLeft, Home } from "lucide-react";
import { Link, useNavigate } from "react-router";

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <section className="flex min-h-[80vh] items-center justify-center bg-slate-900 px-4 pt-24 pb-16 text-center text-white">
      <div>
        <p className="text-8xl font-extrabold text-orange-400">404</p>
        <h1 className="mt-4 text-3xl font-bold">Page Not Found</h1>
        <p className="mx-auto mt-4 max-w-md text-slate-300">Sorry, the page you are looking for doesn't exist or has been moved.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <Link to="/" className="inline-flex items-center gap-2 rounded-lg bg-orange-700 px-6 py-3 font-semibold text-white hover:bg-orange-800">
            <Home aria-hidden="true" className="h-5 w-5" />
            Return Home
          </Link>
          <button
            type="button"
            onClick={() => navigate(-1)}
            className="inline-flex items-center gap-2 rounded-lg px-6 py-3 font-semibold text-white ring-1 ring-white/60 hover:bg-white/10"
          >
            <ArrowLeft aria-hidden="true" className="h-5 w-5" />
            Go Back
          </button>
        </div>
      </div>
    </section>
  );
}
