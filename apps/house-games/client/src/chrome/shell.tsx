import { useEffect, useState, type ReactNode } from "react";
import { formatAmount } from "@croupier/contract/money";
import { useGame } from "../session/game-session.tsx";
import { formatElapsed, formatNet } from "../lib/session-format.ts";
import { closeMessage, lobbyMessage, resolveParentOrigin, sendToParent, type ParentMessage } from "../lib/parent-messages.ts";
import { Icon } from "./icons.tsx";
import { InfoPanel } from "./info-panel.tsx";
import { FairPanel } from "./fair-panel.tsx";
import { HistoryPanel } from "./history-panel.tsx";

type PanelName = "info" | "fair" | "history" | null;

export function decimalsFor(currency: string): number {
  return /^(BTC|ETH|LTC|USDT|USDC|BCH|DOGE|TRX|XRP|SOL)$/i.test(currency) ? 8 : 2;
}

function post(message: ParentMessage, exitUrl: string | null) {
  const origin = resolveParentOrigin({
    search: window.location.search,
    referrer: document.referrer,
    ancestorOrigins: window.location.ancestorOrigins,
    ownOrigin: window.location.origin,
  });
  sendToParent(message, { self: window, parent: window.parent, origin, exitUrl, navigate: (url) => window.location.assign(url) });
}

/** Ticks once a second from the session start (the server's clock, so a reload keeps counting). */
function useElapsed(startedAt: string): number {
  const start = Date.parse(startedAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return Number.isFinite(start) ? now - start : 0;
}

/** Common chrome around every game: balance, stake, net and time, sound, info, fairness, history, close and lobby. */
export function Shell({ stake, children }: { stake: string | null; children: ReactNode }) {
  const game = useGame();
  const { definition, session, boot, stats } = game;
  const [panel, setPanel] = useState<PanelName>(null);
  const elapsed = useElapsed(stats.started_at);
  const decimals = decimalsFor(session.currency);
  const net = formatNet(stats.net, decimals);
  const demo = session.mode === "demo";

  return (
    <div className="shell">
      <header className="shell-head">
        <div className="topbar">
          <button type="button" className="icon-btn" aria-label="Back to lobby" title="Lobby" onClick={() => post(lobbyMessage(), boot.exit_url)}>
            <Icon name="lobby" />
          </button>
          <h1>{definition.name}</h1>
          {demo && (
            <span className="badge-demo" title="Demo mode: play money, no real bets">
              DEMO
            </span>
          )}
          <button
            type="button"
            className="icon-btn"
            aria-pressed={game.soundOn}
            aria-label={game.soundOn ? "Sound on, turn off" : "Sound off, turn on"}
            onClick={() => game.setSoundOn(!game.soundOn)}
          >
            <Icon name={game.soundOn ? "soundOn" : "soundOff"} />
          </button>
          <button type="button" className="icon-btn" aria-label="Game info, rules and paytable" onClick={() => setPanel("info")}>
            <Icon name="info" />
          </button>
          <button type="button" className="icon-btn" aria-label="Provably fair" onClick={() => setPanel("fair")}>
            <Icon name="shield" />
          </button>
          <button type="button" className="icon-btn" aria-label="Round history" onClick={() => setPanel("history")}>
            <Icon name="history" />
          </button>
          <button type="button" className="icon-btn" aria-label="Close game" onClick={() => post(closeMessage(), boot.exit_url)}>
            <Icon name="close" />
          </button>
        </div>
        <dl className="stats" aria-label="Session">
          <div className="stat">
            <dt>
              Balance <span className="sr-only">in</span> {session.currency}
            </dt>
            <dd data-testid="balance" aria-live="polite">
              {formatAmount(game.balance, decimals)}
            </dd>
          </div>
          <div className="stat">
            <dt>Stake</dt>
            <dd data-testid="stake">{stake === null ? "–" : formatAmount(stake, decimals)}</dd>
          </div>
          <div className="stat">
            <dt>Net</dt>
            <dd data-testid="net" className={`tone-${net.tone}`}>
              {net.text}
            </dd>
          </div>
          <div className="stat">
            <dt>Time</dt>
            <dd data-testid="elapsed">
              <time dateTime={`PT${Math.floor(elapsed / 1000)}S`}>{formatElapsed(elapsed)}</time>
            </dd>
          </div>
        </dl>
      </header>
      <main className="main">
        {game.error && (
          <div className="alert" role="alert" data-code={game.error.code}>
            <p>
              <strong>{game.error.title}</strong>
              {game.error.message}
            </p>
            {game.error.fatal ? (
              <button type="button" className="btn" onClick={() => post(lobbyMessage(), boot.exit_url)}>
                Lobby
              </button>
            ) : (
              <button type="button" className="icon-btn" aria-label="Dismiss" onClick={game.clearError}>
                ✕
              </button>
            )}
          </div>
        )}
        {children}
      </main>
      <InfoPanel open={panel === "info"} onClose={() => setPanel(null)} />
      <FairPanel open={panel === "fair"} onClose={() => setPanel(null)} />
      <HistoryPanel open={panel === "history"} onClose={() => setPanel(null)} />
    </div>
  );
}
