// Money arrives as whole cents and is only made into words to be shown. Written out rather than
// with Intl.NumberFormat: the server renders pages in QuickJS, which has no Intl. Quantities are
// hundredths (1.5 hours is 150) and rates thousandths of a percent (8.81% is 8810), as the server
// sends and takes them; nothing here computes a figure of a document.

/** `whole` with a comma between each group of three digits. */
function grouped(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** `cents` as a visitor reads a price: "$89", "$89.50", "$1,250". */
export function dollars(cents: number): string {
  const rest = cents % 100;
  const whole = grouped(Math.floor(cents / 100));
  return rest === 0 ? `$${whole}` : `$${whole}.${String(rest).padStart(2, "0")}`;
}

/** `cents` as a document shows an amount, as the server writes it: "$1,250.00", "-$25.50". */
export function amount(cents: number): string {
  const size = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}$${grouped(Math.floor(size / 100))}.${String(size % 100).padStart(2, "0")}`;
}

/** `units` of 10^-`places` as a decimal without its trailing zeros: "1.5", "8.81", "3". */
function decimal(units: number, places: number): string {
  const unit = 10 ** places;
  const size = Math.abs(units);
  const fraction = String(size % unit)
    .padStart(places, "0")
    .replace(/0+$/, "");
  return `${units < 0 ? "-" : ""}${Math.floor(size / unit)}${fraction ? `.${fraction}` : ""}`;
}

/** A quantity in hundredths as typed back: "1.5". */
export const quantityText = (hundredths: number) => decimal(hundredths, 2);
/** A rate in thousandths of a percent as typed back, without its sign: "8.81". */
export const rateText = (thousandths: number) => decimal(thousandths, 3);
/** Cents as typed back into a field: "45.99", "47.50", "-10", "" for none. */
export function centsText(cents: number | null): string {
  if (cents === null) return "";
  const text = decimal(cents, 2);
  return /\.\d$/.test(text) ? `${text}0` : text;
}

/** A decimal as typed ("1,250.5", "-10") in units of 10^-`places`, exactly; null when it is not
 * one, has more decimals, or is negative where `signed` is false. */
function unitsOf(typed: string, places: number, signed: boolean): number | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(typed.trim().replaceAll(",", ""));
  if (!match || (match[1] && !signed)) return null;
  const fraction = match[3] ?? "";
  if (fraction.length > places) return null;
  const units = Number(match[2]) * 10 ** places + Number(fraction.padEnd(places, "0"));
  return match[1] ? -units : units;
}

/** Dollars as typed ("89", "$89.50", "1,250") in cents; null when it is not an amount. */
export function centsOf(typed: string): number | null {
  return unitsOf(typed.trim().replace(/^\$/, ""), 2, false);
}

/** Dollars as typed, a discount with a minus ("-10", "-$10"), in cents; null when not an amount. */
export function signedCentsOf(typed: string): number | null {
  return unitsOf(typed.trim().replace(/^(-?)\$/, "$1"), 2, true);
}

/** A percentage as typed ("8.81", "2.9%") in thousandths of a percent; null when it is not one. */
export function rateOf(typed: string): number | null {
  return unitsOf(typed.trim().replace(/%$/, ""), 3, false);
}

/** A quantity as typed ("1.5", "2") in hundredths; null when it is not one. */
export function quantityOf(typed: string): number | null {
  return unitsOf(typed, 2, false);
}

/** A document line's quantity and price, "1.5 × $125.00", as its lines show it: for every labour
 * line (one hour too) and for any line of more or less than one; null for one of a part or fee. */
export function eachText(line: { kind: string; quantity: number }, price: number): string | null {
  return line.kind === "labour" || line.quantity !== 100 ? `${quantityText(line.quantity)} × ${amount(price)}` : null;
}
