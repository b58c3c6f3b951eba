import { useSyncExternalStore } from "react";
import { getDeviceSnapshot, getServerDeviceSnapshot, subscribeDevice, type DeviceState } from "./device-store";

/** Device class (mobile/tablet/desktop) and landscape flag, updated on resize (throttled) and rotation. */
export function useDevice(): DeviceState {
  return useSyncExternalStore(subscribeDevice, getDeviceSnapshot, getServerDeviceSnapshot);
}
