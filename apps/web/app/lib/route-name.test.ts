import { describe, expect, it } from "vitest";
import { providerRouteName, routeName, tagRouteName, titleFromRouteName } from "./route-name";

describe("route names", () => {
  it("lower-cases and turns spaces and slashes into hyphens", () => {
    expect(routeName("Play'n GO")).toBe("play'n-go");
    expect(routeName("Table Games/Blackjack")).toBe("table-games-blackjack");
    expect(routeName("Live")).toBe("live");
    expect(providerRouteName("Evolution Gaming")).toBe("evolution-gaming");
  });

  it("keeps each space and slash as its own hyphen", () => {
    expect(routeName("A / B")).toBe("a---b");
  });

  it("routes the tag Pokies as 'Pokies tag'", () => {
    expect(tagRouteName("Pokies")).toBe("Pokies tag");
    expect(tagRouteName("pokies")).toBe("pokies");
    expect(tagRouteName("New Games")).toBe("new-games");
  });

  it("derives a readable title from a segment", () => {
    expect(titleFromRouteName("sweet-bonanza")).toBe("Sweet Bonanza");
    expect(titleFromRouteName("blackjack_classic")).toBe("Blackjack Classic");
  });
});
