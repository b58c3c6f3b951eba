import { afterEach, describe, expect, it, vi } from "vitest";
import type { Api } from "../../lib/api-get";
import { fetchFeatureStatus } from "./feature-status";
import { segmentSetCookie } from "./segment-cookie";

const apiAnswering = (get: () => Promise<unknown>) => {
  const spy = vi.fn(get);
  return { api: { client: { get: spy } } as unknown as Api, spy };
};

const clearCookies = () => {
  for (const part of document.cookie.split(";")) {
    const name = part.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
};

describe("feature-status gate (segment_name cookie)", () => {
  afterEach(clearCookies);

  it("asks nothing and counts the flag off without a segment_name cookie", async () => {
    const { api, spy } = apiAnswering(async () => ({ payload: true }));
    expect(await fetchFeatureStatus(api, "sms-auth", "u1")).toBe(false);
    expect(spy).not.toHaveBeenCalled();
  });

  it("asks with feature and userId once the cookie exists, and reads the answer as truthy", async () => {
    document.cookie = "segment_name=default; Path=/";
    const { api, spy } = apiAnswering(async () => ({ payload: true }));
    expect(await fetchFeatureStatus(api, "sms-auth", "u1")).toBe(true);
    expect(spy).toHaveBeenCalledWith(
      "/api/feature-status",
      expect.objectContaining({ query: { feature: "sms-auth", userId: "u1" } }),
    );
  });

  it("counts a failed call as off", async () => {
    document.cookie = "segment_name=vip; Path=/";
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { api } = apiAnswering(async () => {
      throw new Error("503");
    });
    expect(await fetchFeatureStatus(api, "bonus-hub")).toBe(false);
  });

  it("gives a browser without the cookie one, and leaves an existing one alone", () => {
    expect(segmentSetCookie(null)).toMatch(/^segment_name=default; /);
    expect(segmentSetCookie("segment_name=vip")).toBeNull();
  });
});
