import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ICONS } from "./Icon";

describe("icons", () => {
  it("draws exactly the icons the server lets the content file name", () => {
    const rust = readFileSync(`${process.cwd()}/../server/src/site/content/checker.rs`, "utf8");
    const list = /pub const ICONS: &\[&str\] = &\[([^\]]*)\]/.exec(rust)?.[1] ?? "";
    const names = [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(0);
    expect(Object.keys(ICONS).sort()).toEqual(names.sort());
  });
});
