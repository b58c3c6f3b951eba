import { useQueryClient } from "@tanstack/react-query";
import { bonusesRootKey } from "../features/bonuses/bonuses-api";
import { DepositPanel } from "../features/payments/deposit-panel";
import { PromoCodeForm } from "../features/promo-codes/promo-code-form";
import { useProfile } from "../features/identity/profile";
import { useWallets } from "../features/wallet/wallets";
import { useAuth } from "../lib/use-auth";
import type { ModalContentProps } from "./modal-content-props";

/** ?modal=deposit: the deposit flow over any page, for a logged-in player with an active wallet. */
export default function DepositModal({ close }: ModalContentProps) {
  const { userId } = useAuth();
  const { active, loading } = useWallets();
  const profile = useProfile().data;
  const queryClient = useQueryClient();
  return (
    <div className="flex flex-col gap-4">
      {/* A deposit-match code redeemed first waits for this deposit; a fixed one is a new bonus now (balances follow by realtime). */}
      {userId ? <PromoCodeForm variant="compact" onRedeemed={() => void queryClient.invalidateQueries({ queryKey: bonusesRootKey })} /> : null}
      <DepositPanel userId={userId} wallet={active} walletsLoading={loading} profile={profile} onNavigate={close} />
    </div>
  );
}
