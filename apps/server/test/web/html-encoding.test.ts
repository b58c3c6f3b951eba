import { describe, expect, it } from "vitest";
import { htmlEncoding } from "../../src/plugins/web-app";

describe("htmlEncoding (server-rendered pages)", () => {
  it("prefers brotli, then gzip, as the browser accepts them", () => {
    expect(htmlEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(htmlEncoding("gzip, deflate")).toBe("gzip");
    expect(htmlEncoding("GZIP")).toBe("gzip");
  });

  it("sends plain HTML when nothing usable is accepted or an encoding is refused with q=0", () => {
    expect(htmlEncoding(undefined)).toBeUndefined();
    expect(htmlEncoding("identity")).toBeUndefined();
    expect(htmlEncoding("deflate")).toBeUndefined();
    expect(htmlEncoding("br;q=0, gzip;q=0.0")).toBeUndefined();
    expect(htmlEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
  });
});
