import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Payment } from "@croupier/contract/entities/payment";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PaymentList } from "./payment-list";

const USD = "30000000-0000-4000-8000-000000000001";

const withdrawal = (guid: string, status: Payment["status"], can_cancel: boolean): Payment => ({
  guid,
  id: 1,
  trusted: true,
  external_id: null,
  project_guid: null,
  customer_guid: "20000000-0000-4000-8000-000000000001",
  wallet_guid: "10000000-0000-4000-8000-000000000001",
  currency_guid: USD,
  transaction_type: "withdrawal",
  number: null,
  amount: "20.00",
  payment_method_guid: null,
  status,
  fee: "0.00",
  external_provider_data: { card_number: "424242******4242" },
  provider_log: [],
  payment_system_method_name: "sandbox_card",
  payment_system_guid: "50000000-0000-4000-8000-000000000001",
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  project_method_name: "Bank card",
  payment_logs: [],
  can_cancel,
});

afterEach(cleanup);

describe("PaymentList: the Cancel button follows the server's can_cancel", () => {
  it("shows Cancel only on rows the server allows to be cancelled", () => {
    const payments = [
      withdrawal("70000000-0000-4000-8000-000000000001", "pending", true),
      // Pending, but the jurisdiction forbids cancelling (JURISDICTION=gb): no button.
      withdrawal("70000000-0000-4000-8000-000000000002", "pending", false),
    ];
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PaymentList
          label="Withdrawals"
          payments={payments}
          currencyOf={() => ({ code: "USD", decimals: 2 })}
          onCancelled={() => undefined}
        />
      </QueryClientProvider>,
    );
    const rows = within(screen.getByRole("list", { name: "Withdrawals" })).getAllByTestId("payment-row");
    expect(rows.map((row) => within(row).queryByRole("button", { name: "Cancel" }) !== null)).toEqual([true, false]);
  });
});
