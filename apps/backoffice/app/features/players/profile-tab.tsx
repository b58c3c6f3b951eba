import type { PlayerDetail } from "@croupier/contract/backoffice/players";
import type { ReactNode } from "react";
import { formatDateTime } from "./format";
import { StatusBadge } from "./status-badge";

const yesNo = (value: boolean) => (value ? "Yes" : "No");

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="border-b border-slate-100 py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm text-slate-500">{term}</dt>
      <dd className="text-sm break-words text-slate-900 sm:col-span-2">{children ?? "—"}</dd>
    </div>
  );
}

/** Everything staff need about who the player is, and the counts of what they did. */
export function ProfileTab({ player }: { player: PlayerDetail }) {
  const p = player.profile;
  const c = player.counts;
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <section aria-labelledby="profile-personal" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="profile-personal" className="mb-2 font-semibold text-slate-900">
          Personal details
        </h2>
        <dl>
          <Item term="Player id">
            <code className="text-xs">{p.id}</code>
          </Item>
          <Item term="Email">{p.email}</Item>
          <Item term="First name">{p.first_name}</Item>
          <Item term="Last name">{p.last_name}</Item>
          <Item term="Gender">{p.gender}</Item>
          <Item term="Birthday">{p.birthday}</Item>
          <Item term="Phone">{p.phone}</Item>
          <Item term="Country">{p.country ? `${p.country.name} (${p.country.iso2.toUpperCase()})` : null}</Item>
          <Item term="City">{p.city}</Item>
          <Item term="Post code">{p.post_code}</Item>
          <Item term="Address">{p.address}</Item>
        </dl>
      </section>
      <section aria-labelledby="profile-account" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="profile-account" className="mb-2 font-semibold text-slate-900">
          Account
        </h2>
        <dl>
          <Item term="Status">
            <StatusBadge status={p.status} />
            {p.status_reason ? <span className="ml-2 text-slate-700">{p.status_reason}</span> : null}
          </Item>
          <Item term="Currency">{p.currency}</Item>
          <Item term="Email verified">{yesNo(p.email_verified)}</Item>
          <Item term="Identity verified">{yesNo(p.identity_verified)}</Item>
          <Item term="Phone verified">{yesNo(p.phone_verified)}</Item>
          <Item term="Signs in with">{p.login_type.replace("_", " ")}</Item>
          <Item term="Promotions by mail">{yesNo(p.opt_in_promo)}</Item>
          <Item term="Affiliate tag (btag)">{p.b_tag || "—"}</Item>
          <Item term="Tracking id (fid)">{p.fid || "—"}</Item>
          <Item term="Registered">{formatDateTime(p.created_at)}</Item>
          <Item term="Last login">{formatDateTime(p.last_login_at)}</Item>
          <Item term="Deposits / withdrawals">
            {c.deposits} / {c.withdrawals}
          </Item>
          <Item term="Game transactions">{c.game_transactions}</Item>
          <Item term="Sessions (live)">
            {c.sessions} ({c.live_sessions})
          </Item>
          <Item term="Notes">{c.notes}</Item>
        </dl>
      </section>
    </div>
  );
}
