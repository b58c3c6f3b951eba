import type { ReactNode } from "react";
import { Icon, type IconName } from "./icons";

/** What a section shows when it has nothing yet: an honest sentence, never filler. */
export function EmptyState({ icon, title, children, action }: { icon: IconName; title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="card flex flex-col items-center px-6 py-14 text-center" role="status">
      <span className="grid size-14 place-items-center rounded-2xl bg-ink-700 text-gold-400">
        <Icon name={icon} width={28} height={28} />
      </span>
      <p className="mt-4 text-lg font-semibold text-white">{title}</p>
      {children ? <div className="mt-1 max-w-md text-sm text-mist-400">{children}</div> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
