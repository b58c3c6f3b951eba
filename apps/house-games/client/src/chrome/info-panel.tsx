import { formatAmount } from "@croupier/contract/money";
import { useGame } from "../session/game-session.tsx";
import { Panel } from "./panel.tsx";
import { SymbolTile } from "../games/slots/symbol-tile.tsx";

const yesNo = (v: boolean) => (v ? "yes" : "no");

const ACTION_SHORT: Record<string, string> = { hit: "H", stand: "S", double: "D", split: "P", surrender: "R" };

/** The published basic strategy: one row per player hand, one column per dealer up-card. */
function StrategyTable({ rows }: { rows: { hand: string; actions: Record<string, string> }[] }) {
  const upcards = Object.keys(rows[0]!.actions);
  return (
    <div style={{ overflowX: "auto" }}>
      <table className="grid" style={{ fontSize: "0.72rem" }} aria-label="Basic strategy">
        <caption className="muted" style={{ textAlign: "left" }}>
          H hit · S stand · D double · P split · R surrender; columns: dealer up-card
        </caption>
        <thead>
          <tr>
            <th>Hand</th>
            {upcards.map((u) => (
              <th key={u}>{u}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, 60).map((row) => (
            <tr key={row.hand}>
              <th scope="row">{row.hand}</th>
              {upcards.map((u) => (
                <td key={u}>{ACTION_SHORT[row.actions[u] ?? ""] ?? row.actions[u]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function InfoPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { definition: d, session } = useGame();
  return (
    <Panel title="Game info" open={open} onClose={onClose}>
      <dl className="kv">
        <dt>Return to player</dt>
        <dd>
          <strong>{d.rtp} %</strong>
        </dd>
        {d.volatility && (
          <>
            <dt>Volatility</dt>
            <dd>{d.volatility}</dd>
          </>
        )}
        <dt>Stake</dt>
        <dd>
          {d.bet.min} – {d.bet.max} {session.currency}
        </dd>
        <dt>Jurisdiction</dt>
        <dd>
          {session.jurisdiction.code === "none" ? "none in particular" : session.jurisdiction.code.toUpperCase()}
          {session.jurisdiction.min_spin_interval_ms > 0 && ` · ${(session.jurisdiction.min_spin_interval_ms / 1000).toFixed(1)} s between spins`}
          {` · autoplay ${session.jurisdiction.autoplay ? "on" : "off"}`}
        </dd>
      </dl>
      {d.rtp_note && <p className="muted">{d.rtp_note}</p>}
      {d.rules.length > 0 && (
        <section>
          <h3>Rules</h3>
          <ul>
            {d.rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </section>
      )}
      {d.slot && (
        <section>
          <h3>Paytable</h3>
          <p className="muted">
            Multiples of the total stake. {d.slot.mode === "ways" ? `${d.slot.ways ?? "All"} ways, left to right.` : `${d.slot.lines.length} paylines, left to right.`}
            {d.slot.free_spins && ` ${d.slot.free_spins.trigger}+ scatters award ${d.slot.free_spins.spins} free spins at ×${d.slot.free_spins.multiplier}.`}
          </p>
          <table className="grid">
            <thead>
              <tr>
                <th>Symbol</th>
                {["3", "4", "5", "6"].filter((n) => d.slot!.symbols.some((s) => s.pays[n])).map((n) => (
                  <th key={n} className="num">
                    {n}×
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {d.slot.symbols.map((s) => (
                <tr key={s.id}>
                  <td>
                    <span className="row" style={{ gap: 6 }}>
                      <SymbolTile symbol={s} size={28} /> {s.name}
                      {s.kind !== "normal" && <span className="muted">({s.kind})</span>}
                    </span>
                  </td>
                  {["3", "4", "5", "6"].filter((n) => d.slot!.symbols.some((x) => x.pays[n])).map((n) => (
                    <td key={n} className="num">
                      {s.pays[n] ? `×${s.pays[n]}` : "–"}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {d.roulette && (
        <section>
          <h3>Payouts ({d.roulette.variant})</h3>
          <table className="grid">
            <tbody>
              {d.roulette.bet_types.map((b) => (
                <tr key={b.type}>
                  <td>{b.type.replace(/_/g, " ")}</td>
                  <td className="num">{b.payout} to 1</td>
                </tr>
              ))}
            </tbody>
          </table>
          {d.roulette.la_partage && <p className="muted">La partage: even-money bets return half the stake when the ball lands on zero.</p>}
        </section>
      )}
      {d.dice && (
        <section>
          <h3>Payout</h3>
          <p>
            Rolls from {String(d.dice.range[0])} to {String(d.dice.range[1])} in steps of {d.dice.step}. Multiplier = (1 − {d.dice.house_edge}) × outcomes ÷ winning
            outcomes, floored to 4 decimals.
            {d.dice.min_chance && d.dice.max_chance && ` Win chance from ${Number(d.dice.min_chance) * 100} % to ${Number(d.dice.max_chance) * 100} %.`}
          </p>
        </section>
      )}
      {d.dice_table && (
        <section>
          <h3>Bets</h3>
          <table className="grid">
            <tbody>
              {d.dice_table.bet_types.map((b) => (
                <tr key={b.type}>
                  <td>{b.label}</td>
                  {b.payout && <td className="num">{b.payout} to 1</td>}
                  {b.rtp && <td className="num">RTP {formatAmount(String(Number(b.rtp) * 100), 2)} %</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {d.blackjack && (
        <section>
          <h3>Table rules</h3>
          <dl className="kv">
            <dt>Decks</dt>
            <dd>{d.blackjack.decks}</dd>
            <dt>Dealer</dt>
            <dd>{d.blackjack.dealer_hits_soft_17 ? "hits soft 17" : "stands on soft 17"}</dd>
            <dt>Blackjack pays</dt>
            <dd>{d.blackjack.blackjack_pays === "1.5" ? "3 to 2" : `${d.blackjack.blackjack_pays} to 1`}</dd>
            <dt>Double</dt>
            <dd>{d.blackjack.double}</dd>
            <dt>Split</dt>
            <dd>
              {d.blackjack.split}
              {d.blackjack.split_aces_one_card ? ", split aces get one card" : ""}
            </dd>
            <dt>Double after split</dt>
            <dd>{yesNo(d.blackjack.double_after_split)}</dd>
            <dt>Insurance</dt>
            <dd>{d.blackjack.insurance ? "offered against a dealer ace, pays 2 to 1" : "no"}</dd>
            <dt>Surrender</dt>
            <dd>{yesNo(d.blackjack.surrender)}</dd>
            <dt>RTP assumes</dt>
            <dd>{typeof d.blackjack.strategy === "string" ? d.blackjack.strategy : "the basic strategy below"}</dd>
          </dl>
          {Array.isArray(d.blackjack.strategy) && d.blackjack.strategy.length > 0 && <StrategyTable rows={d.blackjack.strategy} />}
        </section>
      )}
      {d.live_config && (
        <p className="muted">
          Live table: {d.live_config.seats} seats, betting window {d.live_config.betting_seconds} s{d.live_config.dealer ? `, dealer ${d.live_config.dealer}` : ""}. Each round has its own server seed; its hash is shown while betting is open.
        </p>
      )}
    </Panel>
  );
}
