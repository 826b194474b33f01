import type { ReactNode } from "react";

/** A red box that screen readers announce: what went wrong and what to do. */
export function ErrorNotice({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <p role="alert" className={`rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 ${className}`}>
      {children}
    </p>
  );
}
