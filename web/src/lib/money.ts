// Money arrives as whole cents and is only made into words to be shown. Written out rather than
// with Intl.NumberFormat: the server renders pages in QuickJS, which has no Intl.

/** `cents` as a visitor reads it: "$89", "$89.50", "$1,250". */
export function dollars(cents: number): string {
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const rest = cents % 100;
  return rest === 0 ? `$${whole}` : `$${whole}.${String(rest).padStart(2, "0")}`;
}

/** Dollars as typed ("89", "$89.50", "1,250") in cents; null when it is not an amount. */
export function centsOf(typed: string): number | null {
  const plain = typed.trim().replace(/^\$/, "").replaceAll(",", "");
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return null;
  return Math.round(Number(plain) * 100);
}
