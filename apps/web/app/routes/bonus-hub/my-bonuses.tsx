import { useQueryClient } from "@tanstack/react-query";
import { MyBonusesView } from "../../features/bonuses/my-bonuses-view";
import { CashbackPanel } from "../../features/cashback/cashback-panel";
import { refetchWallets } from "../../features/wallet/balance-events";

export function meta() {
  return [{ title: "My bonuses · Bonus hub · Croupier" }];
}

export default function MyBonuses() {
  const queryClient = useQueryClient();
  // Activation and cancellation move bonus money: the header balance reads the wallets again.
  return (
    <div className="space-y-8">
      <MyBonusesView onMoneyMoved={() => void refetchWallets(queryClient)} />
      <CashbackPanel />
    </div>
  );
}
