export const FEATURE_NAMES = ["history-of-rounds", "bonus-hub", "caswino-coin", "sms-auth"] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];
export type FeatureFlags = Record<FeatureName, boolean>;

export const ALL_OFF: FeatureFlags = {
  "history-of-rounds": false,
  "bonus-hub": false,
  "caswino-coin": false,
  "sms-auth": false,
};
