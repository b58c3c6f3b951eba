import { useEffect, useState } from "react";
import { useDevice } from "../../lib/use-device";
import type { DeviceKind } from "./catalog-types";

/**
 * The device flag of catalogue calls: the loader's (user agent on the server, width on client
 * navigations) until hydration is over, then the device hook's class, so the first render matches
 * the server's HTML and a resized window still gets games for its device. Tablets count as mobile.
 */
export function useLobbyDevice(initial: DeviceKind): DeviceKind {
  const { deviceClass } = useDevice();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return initial;
  return deviceClass === "desktop" ? "desktop" : "mobile";
}
