import { describe, expect, it } from "vitest";
import { contrastRatio, labelStyle, safeImageSrc } from "./bonus-display";

describe("label colours", () => {
  it("keeps a label's own colours when they read well", () => {
    expect(labelStyle({ background_color: "#7b3fe4", styles: { color: "#ffffff" } })).toEqual({ backgroundColor: "#7b3fe4", color: "#ffffff" });
  });

  it("turns unreadable text dark or white (white on the demo's yellow fails WCAG AA)", () => {
    expect(contrastRatio("#ffffff", "#f5b301")! < 4.5).toBe(true);
    expect(labelStyle({ background_color: "#f5b301", styles: { color: "#ffffff" } }).color).toBe("#07090f");
    expect(labelStyle({ background_color: "#1d1d1d", styles: { color: "#222222" } }).color).toBe("#ffffff");
    // Without a text colour the chip's white is checked too.
    expect(labelStyle({ background_color: "#ffff00", styles: {} }).color).toBe("#07090f");
  });

  it("applies only colour properties, with plain values", () => {
    const style = labelStyle({ background_color: null, styles: { position: "fixed", "font-weight": "700", color: "red; x: url(javascript:1)" } });
    expect(style).toEqual({ fontWeight: "700" });
  });
});

describe("artwork addresses", () => {
  it("accept site paths and http(s) only", () => {
    expect(safeImageSrc("/images/a.png")).toBe("/images/a.png");
    expect(safeImageSrc("https://cdn.example.com/a.png")).toBe("https://cdn.example.com/a.png");
    expect(safeImageSrc("//evil.example/a.png")).toBeNull();
    expect(safeImageSrc("javascript:alert(1)")).toBeNull();
    expect(safeImageSrc("data:image/svg+xml,<svg/>")).toBeNull();
    expect(safeImageSrc(null)).toBeNull();
  });
});
