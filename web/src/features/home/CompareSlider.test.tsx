import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CompareSlider } from "./CompareSlider";

describe("CompareSlider", () => {
  it("is an accessible slider that the arrow keys move by 5%", () => {
    render(<CompareSlider title="Flatbed" before="/b.svg" beforeAlt="A rusted frame" after="/a.svg" afterAlt="A painted frame" />);
    expect(screen.getByRole("img", { name: "Before: A rusted frame" })).toBeInTheDocument();
    const slider = screen.getByRole("slider", { name: "Before and after: Flatbed" });
    expect(slider).toHaveAttribute("aria-valuenow", "50");
    fireEvent.keyDown(slider, { key: "ArrowRight" });
    expect(slider).toHaveAttribute("aria-valuenow", "55");
    fireEvent.keyDown(slider, { key: "ArrowLeft" });
    fireEvent.keyDown(slider, { key: "ArrowLeft" });
    expect(slider).toHaveAttribute("aria-valuenow", "45");
  });
});
