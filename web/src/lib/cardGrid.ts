/** Spans on a 12-column grid, written out so that Tailwind finds the class names. */
const WIDE_SPAN: Record<number, string> = { 1: "lg:col-span-12", 2: "lg:col-span-6", 3: "lg:col-span-4", 4: "lg:col-span-3" };

/** How many of `count` cards go in each row on a wide screen: at most four to a row, the rows as
 * even as they can be (7 cards: 4 and 3; 5 cards: 3 and 2), so that no row ends in an empty slot. */
export function rowsOf(count: number): number[] {
  const rows = Math.ceil(count / 4);
  const base = Math.floor(count / rows);
  const longer = count % rows;
  return Array.from({ length: rows }, (_, row) => base + (row < longer ? 1 : 0));
}

/** The list's class and each card's class for a grid of `count` cards that fills its rows: two to
 * a row on a tablet (an odd last card takes the whole row), `rowsOf` on a wide screen. */
export function cardGrid(count: number): { list: string; item: (index: number) => string } {
  const perCard = rowsOf(count).flatMap((cards) => Array.from({ length: cards }, () => WIDE_SPAN[cards]!));
  return {
    list: "grid gap-6 sm:grid-cols-12",
    item: (index) => {
      const aloneOnTablet = count % 2 === 1 && index === count - 1;
      return `${aloneOnTablet ? "sm:col-span-12" : "sm:col-span-6"} ${perCard[index] ?? "lg:col-span-3"}`;
    },
  };
}
