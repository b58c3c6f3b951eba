import type { Exclusion } from "@croupier/contract/entities/exclusions";
import { PageHeader } from "../../components/page-header";
import { ExclusionForm } from "./exclusion-form";
import { ExclusionHistory } from "./exclusion-history";
import { RealityCheckSettings } from "./reality-check-settings";

type Props = { userId: string | null; passwordless: boolean; onExcluded: (exclusion: Exclusion) => void };

/** /account/safety: reality checks, a time-out or self-exclusion, and the past breaks. */
export function SafetyPage({ userId, passwordless, onExcluded }: Props) {
  return (
    <>
      <PageHeader title="Safety" description="Reminders while you play, and breaks from play when you need them." />
      <div className="flex flex-col gap-6">
        <section className="card p-5" aria-labelledby="safety-reality-check">
          <h2 id="safety-reality-check" className="mb-3 text-lg font-semibold text-white">
            Reality check
          </h2>
          <RealityCheckSettings userId={userId} />
        </section>
        <section className="card p-5" aria-labelledby="safety-break">
          <h2 id="safety-break" className="mb-1 text-lg font-semibold text-white">
            Take a break
          </h2>
          <p className="mb-4 text-sm text-mist-400">
            A break starts at once and cannot be undone. If gambling is a problem for you, free and confidential help is
            available from organisations such as GamCare and BeGambleAware.
          </p>
          <ExclusionForm passwordless={passwordless} onExcluded={onExcluded} />
        </section>
        <section className="card p-5" aria-labelledby="safety-history">
          <h2 id="safety-history" className="mb-3 text-lg font-semibold text-white">
            Past breaks
          </h2>
          <ExclusionHistory userId={userId} />
        </section>
      </div>
    </>
  );
}
