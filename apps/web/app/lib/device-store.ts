import { deviceClassFromWidth, isLandscape, RESIZE_THROTTLE_MS, throttle, type DeviceClass } from "./device-class";

export type DeviceState = { deviceClass: DeviceClass; landscape: boolean };

// The server cannot see the viewport; CSS breakpoints shape the first paint and the hook
// catches up right after hydration.
export const SERVER_DEVICE_STATE: DeviceState = { deviceClass: "desktop", landscape: false };

let current: DeviceState | undefined;
const listeners = new Set<() => void>();

function measure(): DeviceState {
  const next = { deviceClass: deviceClassFromWidth(window.innerWidth), landscape: isLandscape(window.innerHeight) };
  if (current && current.deviceClass === next.deviceClass && current.landscape === next.landscape) return current;
  return next;
}

const update = throttle(() => {
  const next = measure();
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}, RESIZE_THROTTLE_MS);

export function subscribeDevice(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener("resize", update);
    window.addEventListener("orientationchange", update);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener("resize", update);
      window.removeEventListener("orientationchange", update);
      update.cancel();
    }
  };
}

export function getDeviceSnapshot(): DeviceState {
  current ??= measure();
  return current;
}

export function getServerDeviceSnapshot(): DeviceState {
  return SERVER_DEVICE_STATE;
}
