import type { Profile } from "@croupier/contract/entities/profile";
import { describe, expect, it } from "vitest";
import { birthdayToUtcIso, buildProfileSave } from "./profile";

const profile = {
  id: "0b0c0d0e-0000-4000-8000-000000000001",
  email: "ada@example.com",
  first_name: "Ada",
  last_name: "Lovelace",
  birthday: "1990-05-01T00:00:00.000Z",
  gender: "female",
  city: "London",
  address: null,
  post_code: "N1",
  opt_in_promo: false,
  phone: { code: "44", number: "7700900123" },
  pwa_installed: false,
  pwa_opened: true,
} as unknown as Profile;

describe("profile field save", () => {
  it("sends the editable fields as they are plus the changed one", () => {
    expect(buildProfileSave(profile, "city", "  Valletta ")).toEqual({
      first_name: "Ada",
      last_name: "Lovelace",
      birthday: "1990-05-01T00:00:00.000Z",
      gender: "female",
      city: "Valletta",
      address: null,
      post_code: "N1",
      opt_in_promo: false,
      phone: { code: "44", number: "7700900123" },
      pwa_installed: false,
      pwa_opened: true,
    });
  });

  it("sends the birthday as a UTC ISO datetime", () => {
    expect(buildProfileSave(profile, "birthday", "1985-12-24").birthday).toBe("1985-12-24T00:00:00.000Z");
    expect(birthdayToUtcIso("")).toBeNull();
    expect(birthdayToUtcIso("not a date")).toBeNull();
  });

  it("an emptied text field is sent as null; a legacy phone the server would refuse is left out", () => {
    expect(buildProfileSave(profile, "first_name", "   ").first_name).toBeNull();
    const legacy = { ...profile, phone: { code: "", number: "447700900123" } } as Profile;
    expect("phone" in buildProfileSave(legacy, "city", "Rome")).toBe(false);
    expect(buildProfileSave(legacy, "phone", { code: "356", number: "21234567" }).phone).toEqual({ code: "356", number: "21234567" });
  });
});
