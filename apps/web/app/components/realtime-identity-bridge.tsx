import { handleCustomerStatus, handleSessionClosed } from "../features/identity/identity-events";
import { useRealtimeEvent } from "../features/realtime/realtime-provider";

/** Identity's realtime events: this tab's session closed elsewhere, or the account locked. */
export function RealtimeIdentityBridge() {
  useRealtimeEvent("session_closed", (event) => handleSessionClosed(event.session_id));
  useRealtimeEvent("customer_status_changed", (event) => void handleCustomerStatus(event.status));
  return null;
}
