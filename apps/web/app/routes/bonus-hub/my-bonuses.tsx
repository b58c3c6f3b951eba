import { EmptyState } from "../../components/empty-state";
import { ModalLink } from "../../components/modal-link";
import { useAuth } from "../../lib/use-auth";

export function meta() {
  return [{ title: "My bonuses · Bonus hub · Croupier" }];
}

export default function MyBonuses() {
  const { authenticated } = useAuth();
  if (!authenticated) {
    return (
      <EmptyState icon="star" title="Log in to see your bonuses" action={<ModalLink modal="login" className="btn-primary">Log in</ModalLink>}>
        Your active and pending bonuses, with wagering progress, appear here.
      </EmptyState>
    );
  }
  return (
    <EmptyState icon="star" title="No bonuses yet">
      Bonuses you receive or activate appear here with their wagering progress and expiry.
    </EmptyState>
  );
}
