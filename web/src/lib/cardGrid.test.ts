import { describe, expect, it } from "vitest";
import { cardGrid, rowsOf } from "./cardGrid";

describe("rowsOf", () => {
  it("puts at most four cards in a row, the rows as even as they can be", () => {
    expect(rowsOf(2)).toEqual([2]);
    expect(rowsOf(3)).toEqual([3]);
    expect(rowsOf(4)).toEqual([4]);
    expect(rowsOf(5)).toEqual([3, 2]);
    expect(rowsOf(7)).toEqual([4, 3]);
    expect(rowsOf(8)).toEqual([4, 4]);
    expect(rowsOf(9)).toEqual([3, 3, 3]);
  });
});

describe("cardGrid", () => {
  it("spans each wide row's cards across all twelve columns", () => {
    const grid = cardGrid(7);
    const spans = Array.from({ length: 7 }, (_, i) => Number(/lg:col-span-(\d+)/.exec(grid.item(i))![1]));
    expect(spans).toEqual([3, 3, 3, 3, 4, 4, 4]);
  });

  it("gives an odd last card the whole row on a tablet", () => {
    const grid = cardGrid(3);
    expect(grid.item(0)).toContain("sm:col-span-6");
    expect(grid.item(2)).toContain("sm:col-span-12");
    expect(cardGrid(2).item(1)).toContain("sm:col-span-6");
  });
});
