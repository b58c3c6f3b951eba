import { PageHeader } from "../../components/page-header";
import { HistoryView } from "../../features/account-history/history-view";

export function meta() {
  return [{ title: "Account history · My account · Croupier" }];
}

export default function AccountHistory() {
  return (
    <>
      <PageHeader
        title="Account history"
        description="Logins, changes to your details, limits, exclusions and documents on your account."
      />
      <HistoryView />
    </>
  );
}
