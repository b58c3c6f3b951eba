import { createContext, useContext, type ReactNode } from "react";
import { ALL_OFF, type FeatureFlags, type FeatureName } from "./feature-names";

const FeatureFlagsContext = createContext<FeatureFlags>(ALL_OFF);

// Client loaders run outside React; they read the same flags from here.
let clientFlags: FeatureFlags = ALL_OFF;

export function getClientFeatureFlag(feature: FeatureName): boolean {
  return clientFlags[feature];
}

export function FeatureFlagsProvider({ flags, children }: { flags: FeatureFlags; children: ReactNode }) {
  if (typeof window !== "undefined") clientFlags = flags;
  return <FeatureFlagsContext.Provider value={flags}>{children}</FeatureFlagsContext.Provider>;
}

export function useFeatureFlag(feature: FeatureName): boolean {
  return useContext(FeatureFlagsContext)[feature];
}
