import { useState } from "react";
import { cx } from "../../lib/cx";
import { formatLimit } from "./amount";
import { CopyButton } from "./copy-button";
import { simulateTransferUrl, usePaymentInfo } from "./crypto-info";
import type { MethodOption } from "./payment-methods";
import type { PaymentWallet } from "./payment-types";
import { PaymentNotice, Skeleton } from "./payment-ui";
import { paymentFailure } from "./payments-api";
import { QrCode } from "./qr-code";

/**
 * A crypto deposit: pick the network, then send to the wallet's address (with the destination
 * tag where the network needs one). The wallet is credited once the transfer is confirmed.
 */
export function CryptoDeposit({ option, wallet }: { option: MethodOption; wallet: PaymentWallet }) {
  const networks = option.currency.networks;
  const [network, setNetwork] = useState<string | null>(networks[0]?.code ?? null);
  const chosen = networks.find((n) => n.code === network) ?? null;
  const info = usePaymentInfo(option.method.psp_name, wallet.currency_guid, network);
  const code = wallet.currency.code;

  return (
    <div className="flex flex-col gap-4" data-testid="crypto-deposit">
      {networks.length > 1 ? (
        <div role="radiogroup" aria-label="Network" className="flex flex-wrap gap-2">
          {networks.map((n) => (
            <button
              key={n.code}
              type="button"
              role="radio"
              aria-checked={n.code === network}
              onClick={() => setNetwork(n.code)}
              className={cx(
                "h-9 rounded-full border px-4 text-sm font-semibold",
                n.code === network ? "border-gold-400 bg-gold-500/15 text-gold-300" : "border-ink-600 bg-ink-800 text-mist-300 hover:border-ink-500",
              )}
            >
              {n.name}
            </button>
          ))}
        </div>
      ) : chosen ? (
        <p className="text-sm text-mist-300">
          Network: <strong className="text-white">{chosen.name}</strong>
        </p>
      ) : null}

      {info.isPending ? (
        <div className="flex gap-4" role="status" aria-label="Loading your deposit address">
          <Skeleton className="size-44 shrink-0 rounded-xl" />
          <div className="flex flex-1 flex-col gap-3">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-10" />
            <Skeleton className="h-5 w-2/3" />
          </div>
        </div>
      ) : info.isError || !info.data.address ? (
        <PaymentNotice icon="info" tone="danger" role="alert" title="No deposit address">
          {info.isError ? paymentFailure(info.error).message : `No ${code} address is available on this network.`}
        </PaymentNotice>
      ) : (
        <div className="flex flex-col gap-4 tablet:flex-row">
          <div className="self-center tablet:self-start">
            <QrCode value={info.data.address} label={`QR code of your ${code} deposit address`} />
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-3 text-sm">
            <div>
              <p className="font-medium text-mist-300">Your {code} deposit address</p>
              <div className="mt-1 flex items-center gap-2 rounded-lg border border-ink-600 bg-ink-900 p-2">
                <code data-testid="deposit-address" className="min-w-0 flex-1 font-mono text-sm break-all text-white">
                  {info.data.address}
                </code>
                <CopyButton value={info.data.address} label="address" />
              </div>
            </div>
            {info.data.destination_tag ? (
              <div>
                <p className="font-medium text-mist-300">Destination tag (required)</p>
                <div className="mt-1 flex items-center gap-2 rounded-lg border border-gold-500/40 bg-gold-500/10 p-2">
                  <code data-testid="deposit-destination-tag" className="min-w-0 flex-1 font-mono text-sm text-gold-300">
                    {info.data.destination_tag}
                  </code>
                  <CopyButton value={info.data.destination_tag} label="destination tag" />
                </div>
                <p className="mt-1 text-xs text-gold-300">Include this tag with your transfer, or the money cannot be matched to your wallet.</p>
              </div>
            ) : null}
            <ul className="space-y-1 text-xs text-mist-400">
              <li>Send only {code}{chosen ? ` on ${chosen.name}` : ""} to this address.</li>
              <li>
                Minimum deposit: {formatLimit(info.data.minimum_deposit_amount, wallet.currency.decimals)} {code}; credited after {info.data.waiting_time}.
              </li>
            </ul>
            {option.method.psp_name.startsWith("sandbox") ? (
              <a
                href={simulateTransferUrl(info.data.address, info.data.destination_tag)}
                target="_blank"
                rel="noopener"
                className="self-start text-sm font-semibold text-gold-400 hover:underline"
              >
                Simulate an incoming transfer (sandbox)
              </a>
            ) : null}
          </div>
        </div>
      )}
    </div>
  );
}
