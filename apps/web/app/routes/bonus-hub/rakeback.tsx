import { EmptyState } from "../../components/empty-state";

export function meta() {
  return [{ title: "Rakeback · Bonus hub · Croupier" }];
}

export default function Rakeback() {
  return (
    <EmptyState icon="percent" title="No rakeback yet">
      Rakeback builds up from your stakes while you play; what you have earned is shown here, ready to claim.
    </EmptyState>
  );
}
