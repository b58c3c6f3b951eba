import { describe, expect, it } from "vitest";
import { tileImage } from "./image-srcset";

describe("tileImage", () => {
  it("serves public art through the proxy as webp at density 1 and 2", () => {
    expect(tileImage("/catalog/games/slot-pharaoh-gold.svg", 200)).toEqual({
      src: "/_ipx/w_200,f_webp/catalog/games/slot-pharaoh-gold.svg",
      srcSet: "/_ipx/w_200,f_webp/catalog/games/slot-pharaoh-gold.svg 1x, /_ipx/w_400,f_webp/catalog/games/slot-pharaoh-gold.svg 2x",
    });
  });

  it("rounds fractional widths to whole pixels (the proxy takes pixels only)", () => {
    expect(tileImage("/catalog/a.png", 150.4).srcSet).toBe("/_ipx/w_150,f_webp/catalog/a.png 1x, /_ipx/w_301,f_webp/catalog/a.png 2x");
  });

  it("leaves images the proxy cannot read as they are", () => {
    expect(tileImage("https://cdn.example.com/game.png", 200)).toEqual({ src: "https://cdn.example.com/game.png" });
    expect(tileImage("//cdn.example.com/game.png", 200)).toEqual({ src: "//cdn.example.com/game.png" });
    expect(tileImage("/catalog/../secret.png", 200)).toEqual({ src: "/catalog/../secret.png" });
    expect(tileImage("/catalog/readme.txt", 200)).toEqual({ src: "/catalog/readme.txt" });
  });
});
