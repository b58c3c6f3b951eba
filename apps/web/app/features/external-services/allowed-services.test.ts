import { describe, expect, it } from "vitest";
import { allowedServices, allowsAnything } from "./allowed-services";

const config = {
  ga: { id: "G-1", script_url: "https://stand-in.test/ga.js" },
  hotjar: { id: "1", script_url: "https://stand-in.test/hotjar.js" },
  engagement: { key: "k", script_url: "https://stand-in.test/engagement.js" },
  pixel: { id: "2", script_url: "https://stand-in.test/pixel.js" },
  livechat: { user_id: "3", script_url: "https://stand-in.test/livechat.js" },
};

describe("allowedServices (consent gating)", () => {
  it("allows nothing without a choice, whatever is configured", () => {
    expect(allowedServices(config, null)).toEqual([]);
    expect(allowedServices(config, undefined)).toEqual([]);
    expect(allowsAnything(null)).toBe(false);
  });

  it("refusing both categories allows nothing", () => {
    expect(allowedServices(config, { analytics: false, marketing: false })).toEqual([]);
    expect(allowsAnything({ analytics: false, marketing: false })).toBe(false);
  });

  it("analytics allows the analytics services only, marketing the pixel only", () => {
    expect(allowedServices(config, { analytics: true, marketing: false }).sort()).toEqual(["engagement", "ga", "hotjar", "livechat"]);
    expect(allowedServices(config, { analytics: false, marketing: true })).toEqual(["pixel"]);
  });

  it("an unconfigured service never starts, even with consent", () => {
    expect(allowedServices({ ga: config.ga }, { analytics: true, marketing: true })).toEqual(["ga"]);
    expect(allowedServices({}, { analytics: true, marketing: true })).toEqual([]);
  });
});
