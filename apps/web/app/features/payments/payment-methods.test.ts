import type { PaymentMethod } from "@croupier/contract/entities/payment-method";
import { describe, expect, it } from "vitest";
import { methodOptions, methodsQuery } from "./payment-methods";

const USD = "11111111-1111-4111-8111-111111111111";
const BTC = "22222222-2222-4222-8222-222222222222";
const SEGMENT = "33333333-3333-4333-8333-333333333333";
const GB = "44444444-4444-4444-8444-444444444444";

function currency(guid: string, extra: Partial<PaymentMethod["deposit"]["currencies"][number]> = {}) {
  return { currency_guid: guid, target_currency_guid: guid, min_amount: "10", max_amount: "1000", is_crypto: false, networks: [], quick_amounts: [], symbol: "$", enabled: true, ...extra };
}

let next = 0;
function method(name: string, deposit: Partial<PaymentMethod["deposit"]>, withdrawal: Partial<PaymentMethod["withdrawal"]> = {}): PaymentMethod {
  const section = { enabled: true, ordering: 1, comment: null, required_params: [], response_data: [], currencies: [] };
  return {
    guid: `00000000-0000-4000-8000-${String(++next).padStart(12, "0")}`,
    name,
    icon: null,
    icon_mobile: null,
    payment_system_guid: "55555555-5555-4555-8555-555555555555",
    psp_name: "sandbox",
    deposit: { ...section, ...deposit },
    withdrawal: { ...section, ...withdrawal },
  };
}

describe("methodsQuery (segment first, else the country's default)", () => {
  it("asks for the profile's billing segments when it has guids", () => {
    expect(methodsQuery({ billing_segments: [SEGMENT], country_guid: GB })).toEqual({ segment_guid: [SEGMENT] });
  });

  it("asks by country when the profile has no segment, so gb gets its own default", () => {
    expect(methodsQuery({ billing_segments: [], country_guid: GB })).toEqual({ country_guid: GB });
  });

  it("leaves segment codes to the server (which reads the profile) instead of sending them as guids", () => {
    expect(methodsQuery({ billing_segments: ["vip"], country_guid: GB })).toEqual({});
    expect(methodsQuery({ billing_segments: ["vip", SEGMENT], country_guid: GB })).toEqual({ segment_guid: [SEGMENT] });
  });

  it("asks with nothing when the profile never came (the server falls back)", () => {
    expect(methodsQuery(null)).toEqual({});
    expect(methodsQuery({ billing_segments: [], country_guid: null })).toEqual({});
  });
});

describe("methodOptions", () => {
  const card = method("Bank card", { ordering: 2, currencies: [currency(USD)] }, { currencies: [currency(USD)] });
  const crypto = method("Crypto", { ordering: 1, currencies: [currency(BTC, { is_crypto: true })] });
  const off = method("Off", { enabled: false, currencies: [currency(USD)] });
  const disabledCurrency = method("Disabled USD", { currencies: [currency(USD, { enabled: false })] });

  it("keeps only enabled methods with an enabled entry for the wallet's currency", () => {
    const options = methodOptions([card, crypto, off, disabledCurrency], USD, "deposit");
    expect(options.map((o) => o.method.name)).toEqual(["Bank card"]);
    expect(options[0]?.kind).toBe("fiat");
    expect(options[0]?.currency.min_amount).toBe("10");
  });

  it("marks crypto currencies and orders by the section's ordering", () => {
    const both = method("Both", { ordering: 0, currencies: [currency(USD), currency(BTC, { is_crypto: true })] });
    expect(methodOptions([crypto, both], BTC, "deposit").map((o) => [o.method.name, o.kind])).toEqual([
      ["Both", "crypto"],
      ["Crypto", "crypto"],
    ]);
  });

  it("reads the withdrawal section for withdrawals", () => {
    const depositOnly = method("Deposit only", { currencies: [currency(USD)] }, { enabled: false, currencies: [currency(USD)] });
    expect(methodOptions([depositOnly, card], USD, "withdrawal").map((o) => o.method.name)).toEqual(["Bank card"]);
  });
});
