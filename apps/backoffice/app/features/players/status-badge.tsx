import type { PlayerStatus } from "@croupier/contract/backoffice/players";

/** Active or locked, in words and colour. */
export function StatusBadge({ status }: { status: PlayerStatus }) {
  const locked = status === "locked";
  return (
    <span
      className={
        locked
          ? "inline-flex rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800"
          : "inline-flex rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800"
      }
    >
      {locked ? "Locked" : "Active"}
    </span>
  );
}
