import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import type { Wallet } from "@croupier/contract/entities/wallet";
import { useMemo } from "react";
import { useAuth } from "../../lib/use-auth";
import { activateWalletRequest } from "./activate-wallet";
import { currenciesQueryOptions, useCurrencies } from "./currencies";
import { playerApi } from "../../lib/player-api";
import { walletsKey } from "./wallet-keys";
import { ensureOneActive, keepKnownCurrencies, toWalletViews, type WalletView } from "./wallet-state";

/** The spec's wallet list request: one page holding every wallet. */
export const WALLETS_PAGE = 1;
export const WALLETS_PER_PAGE = 10_000;

/** GET /billing/wallets (page 1, per_page 10000). */
export async function fetchWallets(signal?: AbortSignal): Promise<Wallet[]> {
  const { payload } = await playerApi().get<Wallet[]>("/api/v1/billing/wallets", {
    query: { page: WALLETS_PAGE, per_page: WALLETS_PER_PAGE },
    signal,
  });
  return payload;
}

/**
 * The list as the app keeps it: wallets in unknown currencies dropped, exactly one active (with
 * none active the first is activated, locally at once and on the server in the background).
 * A failed list is logged and rejects; readers show an empty list.
 */
export async function loadWallets(queryClient: QueryClient, signal?: AbortSignal): Promise<Wallet[]> {
  try {
    const [wallets, currencies] = await Promise.all([
      fetchWallets(signal),
      queryClient.fetchQuery(currenciesQueryOptions()),
    ]);
    const { wallets: normalised, activated } = ensureOneActive(keepKnownCurrencies(wallets, currencies));
    if (activated) {
      void activateWalletRequest(activated).catch((error: unknown) =>
        console.warn("activating the first wallet failed", error),
      );
    }
    return normalised;
  } catch (error) {
    console.warn("wallet list failed", error);
    throw error;
  }
}

export const walletsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: walletsKey(userId),
    queryFn: ({ client, signal }) => loadWallets(client, signal),
    enabled: userId !== null,
  });

export type WalletsState = {
  wallets: WalletView[];
  active: WalletView | null;
  /** On while the first fetch of the list (or of the currencies) runs. */
  loading: boolean;
  /** The list has been fetched (successfully) at least once. */
  loaded: boolean;
  /** The list could not be fetched (logged); the wallets read as an empty list. */
  failed: boolean;
  retry: () => void;
};

/** The logged-in player's wallets with their currencies; nothing is fetched for a visitor. */
export function useWallets(): WalletsState {
  const { authenticated, userId } = useAuth();
  const owner = authenticated ? userId : null;
  const query = useQuery(walletsQueryOptions(owner));
  const { currencies, loading: currenciesLoading } = useCurrencies(owner !== null);
  return useMemo(() => {
    const wallets = toWalletViews(query.data ?? [], currencies);
    return {
      wallets,
      active: wallets.find((wallet) => wallet.is_active) ?? null,
      loading: owner !== null && (query.isPending || currenciesLoading),
      loaded: query.isSuccess,
      failed: query.isError,
      retry: () => void query.refetch(),
    };
  }, [query, currencies, currenciesLoading, owner]);
}
