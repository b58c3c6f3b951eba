import { useState } from "react";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { EmptyState, ErrorState, LoadingBlock } from "../../components/states";
import { EnableSwitch } from "./enable-switch";
import { useGameProviders } from "./list-game-providers";
import { useUpdateGameProvider } from "./update-game-provider";

/**
 * Game providers (the integrations that run games): switching one off disables all its games at once
 * (no lobby, no launch, no new bets), so it asks first; switching it on restores each game's status.
 */
export function GameProvidersPanel() {
  const providers = useGameProviders();
  const update = useUpdateGameProvider();
  const [confirming, setConfirming] = useState<string | null>(null);
  if (providers.isPending) return <LoadingBlock label="Loading the game providers" />;
  if (providers.isError)
    return (
      <ErrorState
        error={providers.error}
        title="The game providers could not be loaded."
        onRetry={() => void providers.refetch()}
      />
    );
  if (providers.data.length === 0)
    return <EmptyState title="No game provider yet">Import a catalogue to add games.</EmptyState>;
  const switchOff = (code: string) => update.mutate({ code, body: { enabled: false }, label: `${code} switched off` });
  return (
    <>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table aria-label="Game providers" className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50">
            <tr>
              {["Game provider", "On", "Games", "Active", "Players see"].map((label) => (
                <th
                  key={label}
                  scope="col"
                  className="px-3 py-2 text-left font-medium whitespace-nowrap text-slate-600"
                >
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {providers.data.map((p) => (
              <tr key={p.code}>
                <th scope="row" className="px-3 py-1.5 text-left font-medium">
                  <code>{p.code}</code>
                </th>
                <td className="px-3 py-1.5">
                  <EnableSwitch
                    checked={p.enabled}
                    label={`${p.code} switched on`}
                    onChange={(on) =>
                      on
                        ? update.mutate({ code: p.code, body: { enabled: true }, label: `${p.code} switched on` })
                        : setConfirming(p.code)
                    }
                  />
                </td>
                <td className="px-3 py-1.5 tabular-nums">{p.games}</td>
                <td className="px-3 py-1.5 tabular-nums">{p.active_games}</td>
                <td className="px-3 py-1.5 tabular-nums">{p.visible_games}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {confirming ? (
        <Dialog
          open
          onOpenChange={(open) => !open && setConfirming(null)}
          title={`Switch ${confirming} off?`}
          description="All its games disappear from the lobby at once, cannot be launched and take no new bets. Switching it on again restores each game's status."
        >
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                switchOff(confirming);
                setConfirming(null);
              }}
            >
              Switch off
            </Button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
