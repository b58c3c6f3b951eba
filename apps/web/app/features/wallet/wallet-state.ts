import type { Currency } from "@croupier/contract/entities/currency";
import type { Wallet } from "@croupier/contract/entities/wallet";
import type { UserBalanceUpdatedEvent } from "@croupier/contract/realtime-client";
import { addAmounts, formatAmount } from "@croupier/contract/money";

// The wallet rules of the spec as pure functions over the cached list; hooks and the realtime
// bridge only move their results in and out of the query cache.

/** A wallet with its currency attached and the derived fields the UI shows. */
export type WalletView = Wallet & {
  currency: Currency;
  /** balance + bonus_balance, exact. */
  total_balance: string;
  /** custom_name, otherwise code. */
  currency_name: string;
};

/** Wallets in currencies the dictionary does not know are never shown. */
export function keepKnownCurrencies(
  wallets: readonly Wallet[],
  currencies: readonly Pick<Currency, "guid">[],
): Wallet[] {
  const known = new Set(currencies.map((currency) => currency.guid));
  return wallets.filter((wallet) => known.has(wallet.currency_guid));
}

/** Exactly one active wallet: the given one; every other becomes inactive. */
export function activateInList(wallets: readonly Wallet[], walletGuid: string): Wallet[] {
  return wallets.map((wallet) => {
    const active = wallet.guid === walletGuid;
    return wallet.is_active === active ? wallet : { ...wallet, is_active: active };
  });
}

/**
 * After loading: the first active wallet stays the only active one; with none active the first
 * wallet is activated (`activated` names it so the server can be told).
 */
export function ensureOneActive(wallets: readonly Wallet[]): { wallets: Wallet[]; activated: string | null } {
  const first = wallets[0];
  if (!first) return { wallets: [], activated: null };
  const active = wallets.find((wallet) => wallet.is_active);
  if (active) return { wallets: activateInList(wallets, active.guid), activated: null };
  return { wallets: activateInList(wallets, first.guid), activated: first.guid };
}

/** A wallet fetched with set_active=true: it becomes the active one, added or replacing the entry with its guid. */
export function upsertCreatedWallet(wallets: readonly Wallet[], created: Wallet): Wallet[] {
  const fresh = { ...created, is_active: true };
  const exists = wallets.some((wallet) => wallet.guid === created.guid);
  const next = exists ? wallets.map((wallet) => (wallet.guid === created.guid ? fresh : wallet)) : [...wallets, fresh];
  return activateInList(next, created.guid);
}

/**
 * A user_balance_updated event applied to the list: the matching wallet takes the event's
 * balances; null when no wallet matches (the caller logs it).
 */
export function applyBalanceEvent(
  wallets: readonly Wallet[],
  event: Pick<UserBalanceUpdatedEvent, "wallet_guid" | "balance" | "bonus_balance" | "free_spin_count">,
): Wallet[] | null {
  if (!wallets.some((wallet) => wallet.guid === event.wallet_guid)) return null;
  return wallets.map((wallet) =>
    wallet.guid === event.wallet_guid
      ? {
          ...wallet,
          balance: event.balance,
          bonus_balance: event.bonus_balance,
          free_spin_count: event.free_spin_count,
        }
      : wallet,
  );
}

/** A first wallet's currency: the profile's, else the default one, else the first in the dictionary. */
export function firstWalletCurrency(
  profileCurrencyGuid: string | null | undefined,
  currencies: readonly Pick<Currency, "guid" | "is_default">[],
): string | null {
  if (profileCurrencyGuid && currencies.some((currency) => currency.guid === profileCurrencyGuid))
    return profileCurrencyGuid;
  return (currencies.find((currency) => currency.is_default) ?? currencies[0])?.guid ?? null;
}

/** Currencies the player has no wallet in yet: what the add-wallet picker offers. */
export function currenciesWithoutWallet<C extends Pick<Currency, "guid">>(
  currencies: readonly C[],
  wallets: readonly Pick<Wallet, "currency_guid">[],
): C[] {
  const taken = new Set(wallets.map((wallet) => wallet.currency_guid));
  return currencies.filter((currency) => !taken.has(currency.guid));
}

export function currencyName(currency: Pick<Currency, "custom_name" | "code">): string {
  return currency.custom_name?.trim() || currency.code;
}

/** The list as the UI shows it; wallets whose currency is unknown are left out. */
export function toWalletViews(wallets: readonly Wallet[], currencies: readonly Currency[]): WalletView[] {
  const byGuid = new Map(currencies.map((currency) => [currency.guid, currency]));
  const views: WalletView[] = [];
  for (const wallet of wallets) {
    const currency = byGuid.get(wallet.currency_guid);
    if (!currency) continue;
    views.push({
      ...wallet,
      currency,
      total_balance: addAmounts(wallet.balance, wallet.bonus_balance),
      currency_name: currencyName(currency),
    });
  }
  return views;
}

/** An amount in the wallet's currency, formatted (en-US, the currency's decimals). */
export function formatWalletAmount(value: string | null | undefined, currency: Pick<Currency, "decimals">): string {
  return formatAmount(value, currency.decimals);
}
