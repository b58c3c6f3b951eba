import { useQueryClient } from "@tanstack/react-query";
import { RakebackView } from "../../features/rakeback/rakeback-view";
import { refetchWallets } from "../../features/wallet/balance-events";

export function meta() {
  return [{ title: "Rakeback · Bonus hub · Croupier" }];
}

export default function Rakeback() {
  const queryClient = useQueryClient();
  // A claim pays cash (or a bonus): the header balance reads the wallets again.
  return <RakebackView onMoneyMoved={() => void refetchWallets(queryClient)} />;
}
