import { useAuth } from "../../lib/use-auth";
import { LevelCard, LevelCardSkeleton } from "./level-card";
import { useLoyaltyStatus } from "./loyalty-api";

/** The level card wherever the player looks at their account (the dashboard); nothing on a failed load. */
export function LevelSummary() {
  const { userId } = useAuth();
  const status = useLoyaltyStatus(userId);
  if (status.data) return <LevelCard status={status.data} />;
  if (status.isError) return null;
  return <LevelCardSkeleton />;
}
