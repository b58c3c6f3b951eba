import { PageHeader } from "../components/page-header";
import { LevelsTable } from "../features/loyalty/levels-table";
import { MiningSettingsForm } from "../features/loyalty/mining-settings-form";
import { PlayerCoinsPanel } from "../features/loyalty/player-coins-panel";

/** Loyalty levels, coin mining settings and a player's coins (issue #18). */
export default function LoyaltyPage() {
  return (
    <>
      <PageHeader
        title="Loyalty and coins"
        description="Levels from wagered volume, how fast players mine coins, and a player's coins with manual adjustments. Every change is audited."
      />
      <div className="space-y-8">
        <LevelsTable />
        <MiningSettingsForm />
        <PlayerCoinsPanel />
      </div>
    </>
  );
}
