import { DepositPanel } from "../features/payments/deposit-panel";
import { useProfile } from "../features/identity/profile";
import { useWallets } from "../features/wallet/wallets";
import { useAuth } from "../lib/use-auth";
import type { ModalContentProps } from "./modal-content-props";

/** ?modal=deposit: the deposit flow over any page, for a logged-in player with an active wallet. */
export default function DepositModal({ close }: ModalContentProps) {
  const { userId } = useAuth();
  const { active, loading } = useWallets();
  const profile = useProfile().data;
  return <DepositPanel userId={userId} wallet={active} walletsLoading={loading} profile={profile} onNavigate={close} />;
}
