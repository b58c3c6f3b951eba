import { PageHeader } from "../../components/page-header";
import { NotificationsView } from "../../features/notifications/notifications-view";

export function meta() {
  return [{ title: "Notifications · My account · Croupier" }];
}

export default function AccountNotifications() {
  return (
    <>
      <PageHeader title="Notifications" description="Messages about your payments, documents, limits and account." />
      <NotificationsView />
    </>
  );
}
