import { WalletsPage } from "../../features/wallet/wallets-page";

export function meta() {
  return [{ title: "Wallets · My account · Croupier" }];
}

export default function WalletsBalance() {
  return <WalletsPage />;
}
