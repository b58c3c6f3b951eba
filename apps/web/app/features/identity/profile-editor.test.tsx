import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Profile } from "@croupier/contract/entities/profile";
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ProfileEditor } from "./profile-editor";

// Issue 13 item 4: country and date of birth are fixed once set; the form shows them read-only
// with the way to change them (support) instead of a Save the server would refuse.

const base = {
  id: "0b0c0d0e-0000-4000-8000-000000000001",
  email: "ada@example.com",
  email_approved: true,
  first_name: "Ada",
  last_name: "Lovelace",
  gender: null,
  city: null,
  address: null,
  post_code: null,
  opt_in_promo: false,
  phone: null,
  pwa_installed: false,
  pwa_opened: false,
} as const;

function renderEditor(profile: Partial<Profile>) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <ProfileEditor profile={{ ...base, ...profile } as unknown as Profile} /> }]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Stub />
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe("profile editor: fixed fields", () => {
  it("shows a set date of birth and country read-only, with a way to reach support", () => {
    renderEditor({ birthday: "1990-05-01T00:00:00.000Z", country: "GB", country_guid: "0b0c0d0e-0000-4000-8000-0000000000aa" });
    const birthday = screen.getByLabelText("Date of birth") as HTMLInputElement;
    expect(birthday.readOnly).toBe(true);
    expect(birthday.value).toBe("1990-05-01");
    expect((screen.getByLabelText("Country") as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByText(/Your date of birth can only be changed by support/)).toBeTruthy();
    expect(screen.getByText(/Your country can only be changed by support/)).toBeTruthy();
    expect(screen.getAllByRole("link", { name: "Contact support" })[0]!.getAttribute("href")).toBe("/support");
  });

  it("lets a player fill a missing date of birth once", () => {
    renderEditor({ birthday: null, country: null, country_guid: null });
    const birthday = screen.getByLabelText("Date of birth") as HTMLInputElement;
    expect(birthday.readOnly).toBe(false);
    expect(screen.queryByLabelText("Country")).toBeNull();
    expect(screen.queryByText(/can only be changed by support/)).toBeNull();
  });
});
