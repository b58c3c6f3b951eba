import { describe, expect, it } from "vitest";
import { bonusHubRedirect } from "./bonus-hub-redirect";

describe("bonusHubRedirect", () => {
  it("sends /account/bonuses and its subpaths to /bonus-hub/my-bonuses", () => {
    expect(bonusHubRedirect({ pathname: "/account/bonuses" }, true)).toBe("/bonus-hub/my-bonuses");
    expect(bonusHubRedirect({ pathname: "/account/bonuses/" }, true)).toBe("/bonus-hub/my-bonuses");
    expect(bonusHubRedirect({ pathname: "/account/bonuses/active/42" }, true)).toBe("/bonus-hub/my-bonuses");
  });

  it("sends /promo to /bonus-hub/promo", () => {
    expect(bonusHubRedirect({ pathname: "/promo" }, true)).toBe("/bonus-hub/promo");
  });

  it("keeps query and hash", () => {
    expect(bonusHubRedirect({ pathname: "/promo", search: "?modal=login&x=1", hash: "#welcome" }, true)).toBe(
      "/bonus-hub/promo?modal=login&x=1#welcome",
    );
    expect(bonusHubRedirect({ pathname: "/account/bonuses", search: "?page=2", hash: "#top" }, true)).toBe(
      "/bonus-hub/my-bonuses?page=2#top",
    );
  });

  it("does nothing when the flag is off", () => {
    expect(bonusHubRedirect({ pathname: "/promo" }, false)).toBeNull();
    expect(bonusHubRedirect({ pathname: "/account/bonuses" }, false)).toBeNull();
  });

  it("leaves look-alike paths alone", () => {
    expect(bonusHubRedirect({ pathname: "/account/bonuses-history" }, true)).toBeNull();
    expect(bonusHubRedirect({ pathname: "/promotions" }, true)).toBeNull();
    expect(bonusHubRedirect({ pathname: "/bonus-hub/promo" }, true)).toBeNull();
    expect(bonusHubRedirect({ pathname: "/" }, true)).toBeNull();
  });
});
