export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <div role="status" className="flex justify-center py-24">
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-orange-200 border-t-orange-700" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
