import { IMAGE_WIDTHS_PX } from "@croupier/contract/image-sizes";
import { describe, expect, it } from "vitest";
import { tileImage } from "./image-srcset";

describe("tileImage", () => {
  it("serves public art through the proxy as webp at density 1 and 2", () => {
    expect(tileImage("/catalog/games/slot-pharaoh-gold.svg", "tile")).toEqual({
      src: "/_ipx/w_200,f_webp/catalog/games/slot-pharaoh-gold.svg",
      srcSet: "/_ipx/w_200,f_webp/catalog/games/slot-pharaoh-gold.svg 1x, /_ipx/w_400,f_webp/catalog/games/slot-pharaoh-gold.svg 2x",
    });
    expect(tileImage("/catalog/a.png", "thumb").srcSet).toBe("/_ipx/w_40,f_webp/catalog/a.png 1x, /_ipx/w_80,f_webp/catalog/a.png 2x");
  });

  it("asks only for widths the proxy serves (it refuses any other)", () => {
    for (const size of ["tile", "thumb"] as const) {
      const widths = [...tileImage("/catalog/a.png", size).srcSet!.matchAll(/w_(\d+),/g)].map((match) => Number(match[1]));
      for (const width of widths) expect(IMAGE_WIDTHS_PX).toContain(width);
    }
  });

  it("leaves images the proxy cannot read as they are", () => {
    expect(tileImage("https://cdn.example.com/game.png", "tile")).toEqual({ src: "https://cdn.example.com/game.png" });
    expect(tileImage("//cdn.example.com/game.png", "tile")).toEqual({ src: "//cdn.example.com/game.png" });
    expect(tileImage("/catalog/../secret.png", "tile")).toEqual({ src: "/catalog/../secret.png" });
    expect(tileImage("/catalog/readme.txt", "tile")).toEqual({ src: "/catalog/readme.txt" });
  });
});
