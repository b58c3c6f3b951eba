import { loadScript } from "./load-script";
import { vendorWindow } from "./vendor-globals";

/** Hotjar: its snippet's command queue and settings, then its script. */
export function startHotjar(config: { id: string; script_url: string }): Promise<void> {
  const win = vendorWindow();
  win.hj =
    win.hj ??
    Object.assign(
      (...args: unknown[]) => {
        (win.hj!.q = win.hj!.q ?? []).push(args);
      },
      { q: [] as unknown[][] },
    );
  const numeric = Number(config.id);
  win._hjSettings = { hjid: Number.isFinite(numeric) ? numeric : config.id, hjsv: 6 };
  return loadScript(config.script_url);
}
