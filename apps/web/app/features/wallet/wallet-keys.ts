// Query keys of the wallet feature, in one place so cache writers (mutations, realtime) and readers agree.
export const walletsRootKey = ["wallet", "list"] as const;
/** The player's list: keyed by user id, so one player's wallets never show for another. */
export const walletsKey = (userId: string | null) => [...walletsRootKey, userId] as const;
export const currenciesKey = ["wallet", "currencies"] as const;
