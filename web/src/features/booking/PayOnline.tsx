// The button to the shop's Stripe payment page, on the customer's own page: it asks the server
// for the page (made for what is left to pay) and goes there; why it could not is said beside it.
import { CreditCard } from "lucide-react";
import { useState } from "react";
import { ApiError } from "../../lib/api";

export function PayOnline({ label, open }: { label: string; open: () => Promise<{ url: string }> }) {
  const [opening, setOpening] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function pay() {
    setOpening(true);
    setProblem(null);
    try {
      window.location.assign((await open()).url);
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.message : "The payment page could not be opened. Please try again, or call us.");
      setOpening(false);
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => void pay()}
        disabled={opening}
        className="mt-3 inline-flex items-center gap-2 rounded-lg bg-orange-700 px-5 py-3 font-semibold text-white hover:bg-orange-800 disabled:opacity-70 print:hidden"
      >
        <CreditCard aria-hidden="true" className="h-5 w-5" />
        {label}
      </button>
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {problem}
        </p>
      )}
    </>
  );
}
