// Every loyalty query key starts here, so one realtime event refreshes the coin page and the level card.
export const loyaltyRootKey = ["loyalty"] as const;
export const loyaltyStatusKey = (userId: string | null) => [...loyaltyRootKey, "status", userId] as const;
export const miningSpeedKey = (userId: string | null) => [...loyaltyRootKey, "mining-speed", userId] as const;
export const coinBalanceKey = (userId: string | null) => [...loyaltyRootKey, "coins", userId] as const;
export const coinShopKey = (userId: string | null) => [...loyaltyRootKey, "coin-shop", userId] as const;
export const coinBonusesKey = (userId: string | null) => [...loyaltyRootKey, "coin-bonuses", userId] as const;
