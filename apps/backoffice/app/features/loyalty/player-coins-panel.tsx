import type { PlayerLoyalty } from "@croupier/contract/backoffice/loyalty";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { ErrorState, LoadingBlock } from "../../components/states";
import { formatDateTime } from "../../lib/format-date-time";
import { errorMessageOf, fieldErrorsOf, isHandled } from "../../lib/staff-api";
import { useAdjustPlayerCoins, usePlayerLoyalty } from "./player-loyalty-api";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A player's level, volume, coins and latest coin transfers, by player id, with a manual adjustment. */
export function PlayerCoinsPanel() {
  const [input, setInput] = useState("");
  const [playerGuid, setPlayerGuid] = useState("");
  const [error, setError] = useState<string | undefined>();
  const player = usePlayerLoyalty(playerGuid);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = input.trim();
    if (!UUID.test(id)) {
      setError("A player id (as on the player's page).");
      return;
    }
    setError(undefined);
    setPlayerGuid(id.toLowerCase());
  };
  return (
    <section aria-labelledby="player-coins" className="space-y-3">
      <h2 id="player-coins" className="text-lg font-semibold text-slate-900">
        A player's coins
      </h2>
      <form onSubmit={submit} className="flex max-w-xl items-end gap-2" noValidate>
        <TextField label="Player id" value={input} maxLength={36} onChange={(e) => setInput(e.target.value)} error={error} className="flex-1" />
        <Button type="submit" variant="secondary" className="mb-5">
          Show
        </Button>
      </form>
      {playerGuid === "" ? null : player.isPending ? (
        <LoadingBlock label="Loading the player's coins" />
      ) : player.isError ? (
        <ErrorState error={player.error} onRetry={() => void player.refetch()} />
      ) : (
        <PlayerCoins key={player.data.player_guid} player={player.data} />
      )}
    </section>
  );
}

function PlayerCoins({ player }: { player: PlayerLoyalty }) {
  const [values, setValues] = useState({ amount: "", reason: "" });
  const [key, setKey] = useState(() => crypto.randomUUID());
  const adjust = useAdjustPlayerCoins();
  const errors = adjust.isError ? fieldErrorsOf(adjust.error) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    adjust.mutate(
      { playerGuid: player.player_guid, body: { amount: values.amount.trim(), reason: values.reason.trim(), idempotency_key: key } },
      {
        onSuccess: (saved) => {
          toast.success(`Coins adjusted: the balance is ${saved.coin_balance}.`);
          setValues({ amount: "", reason: "" });
          setKey(crypto.randomUUID());
        },
        onError: () => setKey(crypto.randomUUID()),
      },
    );
  };
  return (
    <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <dl className="grid gap-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-500">Level</dt>
          <dd>{player.level_name ? `${player.level}: ${player.level_name}` : "none"}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Wagered (USD)</dt>
          <dd className="font-mono">{player.wagered_usd}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Coins</dt>
          <dd className="font-mono" data-testid="player-coin-balance">
            {player.coin_balance}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Last stake</dt>
          <dd>{player.last_played_at ? formatDateTime(player.last_played_at) : "never"}</dd>
        </div>
      </dl>
      <form onSubmit={submit} className="grid gap-2 sm:grid-cols-[10rem_1fr_auto] sm:items-end" noValidate>
        <TextField label="Coins (+ or −)" inputMode="decimal" maxLength={24} value={values.amount} onChange={(e) => setValues((v) => ({ ...v, amount: e.target.value }))} error={errors.amount} />
        <TextField label="Reason" maxLength={500} value={values.reason} onChange={(e) => setValues((v) => ({ ...v, reason: e.target.value }))} error={errors.reason} hint="Kept in the audit log." />
        <Button type="submit" busy={adjust.isPending} className="mb-5">
          Adjust coins
        </Button>
      </form>
      {adjust.isError && !isHandled(adjust.error) && !errors.amount && !errors.reason ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessageOf(adjust.error)}
        </p>
      ) : null}
      {player.transfers.length === 0 ? (
        <p className="text-sm text-slate-500">No coin movements yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm" aria-label="Latest coin movements">
            <thead className="bg-slate-50 text-left text-xs font-medium text-slate-500 uppercase">
              <tr>
                <th className="px-3 py-2">When</th>
                <th className="px-3 py-2">Kind</th>
                <th className="px-3 py-2">Coins</th>
                <th className="px-3 py-2">Detail</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {player.transfers.map((t) => (
                <tr key={t.guid}>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(t.created_at)}</td>
                  <td className="px-3 py-2">{t.kind}</td>
                  <td className="px-3 py-2 font-mono">{t.amount}</td>
                  <td className="px-3 py-2 text-slate-600">
                    {t.reason ?? (t.active_seconds !== null ? `${t.active_seconds} s playing of the period` : "")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
