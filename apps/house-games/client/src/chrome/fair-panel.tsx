import { useState } from "react";
import { useGame } from "../session/game-session.tsx";
import { Panel } from "./panel.tsx";

const SEED_RE = /^[A-Za-z0-9_-]{1,64}$/;

export function FairPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const game = useGame();
  const { fairness, definition } = game;
  const [seed, setSeed] = useState(fairness.client_seed);
  const [saving, setSaving] = useState(false);
  const valid = SEED_RE.test(seed);
  const previous = fairness.previous;
  const verifyLink = previous
    ? `/house/verify?${new URLSearchParams({
        game_code: definition.game_code,
        server_seed: previous.server_seed,
        client_seed: previous.client_seed,
        nonce: String(Math.max(0, previous.last_nonce)),
      })}`
    : `/house/verify?${new URLSearchParams({ game_code: definition.game_code })}`;

  return (
    <Panel title="Provably fair" open={open} onClose={onClose}>
      <p className="muted">
        Every outcome is HMAC-SHA256(server seed, "client seed:nonce:round"). The server seed is fixed before you play; you see its SHA-256 now and the seed
        itself when you rotate, so you can recompute every round.
      </p>
      <dl className="kv">
        <dt>Server seed hash</dt>
        <dd>
          <code data-testid="server-seed-hash">{fairness.server_seed_hash}</code>
        </dd>
        <dt>Next nonce</dt>
        <dd data-testid="nonce">{fairness.nonce}</dd>
      </dl>
      <form
        className="row"
        onSubmit={async (event) => {
          event.preventDefault();
          if (!valid) return;
          setSaving(true);
          await game.setClientSeed(seed);
          setSaving(false);
        }}
      >
        <label className="field" style={{ flex: 1 }}>
          <span>Client seed</span>
          <input
            type="text"
            value={seed}
            maxLength={64}
            onChange={(e) => setSeed(e.target.value)}
            aria-invalid={!valid}
            aria-describedby="seed-help"
            spellCheck={false}
            autoComplete="off"
          />
        </label>
        <button type="submit" className="btn" disabled={!valid || saving || seed === fairness.client_seed} style={{ alignSelf: "end" }}>
          Save
        </button>
      </form>
      <small id="seed-help" className="muted">
        1–64 letters, digits, _ or -.
      </small>
      <button
        type="button"
        className="btn btn-primary"
        disabled={saving}
        onClick={async () => {
          setSaving(true);
          await game.rotateSeeds();
          setSaving(false);
        }}
      >
        Rotate seeds (reveal the current server seed)
      </button>
      {previous && (
        <section aria-live="polite">
          <h3>Revealed seed</h3>
          <dl className="kv">
            <dt>Server seed</dt>
            <dd>
              <code data-testid="revealed-seed">{previous.server_seed}</code>
            </dd>
            <dt>Its hash</dt>
            <dd>
              <code>{previous.server_seed_hash}</code>
            </dd>
            <dt>Client seed</dt>
            <dd>
              <code>{previous.client_seed}</code>
            </dd>
            <dt>Nonces used</dt>
            <dd>{previous.last_nonce < 0 ? "none" : `0 – ${previous.last_nonce}`}</dd>
          </dl>
        </section>
      )}
      <a href={verifyLink} target="_blank" rel="noopener">
        Open the public verify page
      </a>
    </Panel>
  );
}
