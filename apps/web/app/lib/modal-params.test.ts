import { describe, expect, it } from "vitest";
import { activeModal, dropGuestModal, toSearch, withModal, withoutModal } from "./modal-params";

const registered = new Set(["login", "register", "bonus-info1"]);
const q = (text: string) => new URLSearchParams(text);

describe("modal query parameter", () => {
  it("names a registered dialog", () => {
    expect(activeModal(q("modal=login"), registered)).toBe("login");
    expect(activeModal(q("a=1&modal=bonus-info1"), registered)).toBe("bonus-info1");
  });

  it("ignores absent, empty and unknown values", () => {
    expect(activeModal(q(""), registered)).toBeNull();
    expect(activeModal(q("modal="), registered)).toBeNull();
    expect(activeModal(q("modal=nope"), registered)).toBeNull();
    expect(activeModal(q("modal=Login"), registered)).toBeNull();
  });

  it("closing removes modal and keeps every other parameter", () => {
    expect(toSearch(withoutModal(q("btag=x&modal=login&page=2")))).toBe("?btag=x&page=2");
    expect(toSearch(withoutModal(q("modal=login")))).toBe("");
  });

  it("opening sets modal and keeps the rest", () => {
    expect(toSearch(withModal(q("page=2"), "register"))).toBe("?page=2&modal=register");
    expect(toSearch(withModal(q("modal=login&page=2"), "register"))).toBe("?modal=register&page=2");
  });

  it("drops login and register for a logged-in player only", () => {
    expect(dropGuestModal(q("modal=login&x=1"), true)?.toString()).toBe("x=1");
    expect(dropGuestModal(q("modal=register"), true)?.toString()).toBe("");
    expect(dropGuestModal(q("modal=login"), false)).toBeNull();
    expect(dropGuestModal(q("modal=deposit"), true)).toBeNull();
    expect(dropGuestModal(q("x=1"), true)).toBeNull();
  });
});
