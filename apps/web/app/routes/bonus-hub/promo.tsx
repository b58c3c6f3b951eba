import { EmptyState } from "../../components/empty-state";
import { ModalLink } from "../../components/modal-link";
import { useAuth } from "../../lib/use-auth";

export function meta() {
  return [{ title: "Promotions · Bonus hub · Croupier" }];
}

export default function BonusHubPromo() {
  const { authenticated } = useAuth();
  return (
    <EmptyState
      icon="promo"
      title="No promotions running right now"
      action={authenticated ? null : <ModalLink modal="register" className="btn-primary">Create an account</ModalLink>}
    >
      New offers are listed here the moment the casino publishes them.
    </EmptyState>
  );
}
