import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { Profile } from "@croupier/contract/entities/profile";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "../../lib/use-auth";
import { clearWallets } from "./balance-events";
import { createWallet } from "./create-wallet";
import { currenciesQueryOptions } from "./currencies";
import { playerApi } from "../../lib/player-api";
import { firstWalletCurrency } from "./wallet-state";
import { walletsQueryOptions } from "./wallets";

export const ADD_WALLET_PARAM = "add_wallet";
export const ADD_WALLET_PATH = `/account/wallets/balance?${ADD_WALLET_PARAM}`;
/** The spec's wallet redirect delay: the player reads what happened before the page changes. */
export const WALLET_REDIRECT_DELAY_MS = 2000;

async function profileCurrencyGuid(): Promise<string | null> {
  try {
    return (await playerApi().get<Pick<Profile, "currency_guid">>("/api/v1/profile")).payload.currency_guid;
  } catch (error) {
    console.warn("profile currency unavailable for the first wallet", error);
    return null;
  }
}

/** A player without wallets gets one: in the profile currency, else the default, else the first currency. */
async function createFirstWallet(queryClient: QueryClient, userId: string) {
  const [profileCurrency, currencies] = await Promise.all([
    profileCurrencyGuid(),
    queryClient.fetchQuery(currenciesQueryOptions()),
  ]);
  const currencyGuid = firstWalletCurrency(profileCurrency, currencies);
  if (!currencyGuid) throw new Error("No currency to create a first wallet in");
  return createWallet(queryClient, userId, currencyGuid);
}

/**
 * The wallet side of every page (renders nothing): loads the logged-in player's wallets, creates a
 * first wallet for a player who has none (sending them to the add-wallet page after 2 s when that
 * fails), and forgets the wallets at logout.
 */
export function WalletRuntime() {
  const { authenticated, userId } = useAuth();
  const owner = authenticated ? userId : null;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const wallets = useQuery(walletsQueryOptions(owner));
  const attemptedFor = useRef<string | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (owner) return;
    clearTimeout(redirectTimer.current);
    attemptedFor.current = null;
    clearWallets(queryClient);
  }, [owner, queryClient]);

  const empty = wallets.isSuccess && wallets.data.length === 0;
  useEffect(() => {
    if (!owner || !empty || attemptedFor.current === owner) return;
    attemptedFor.current = owner;
    createFirstWallet(queryClient, owner).catch(() => {
      redirectTimer.current = setTimeout(() => {
        const here = new URL(window.location.href);
        if (here.pathname === "/account/wallets/balance" && here.searchParams.has(ADD_WALLET_PARAM)) return;
        navigate(ADD_WALLET_PATH);
      }, WALLET_REDIRECT_DELAY_MS);
    });
  }, [owner, empty, queryClient, navigate]);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);
  return null;
}
