export type PwaFlags = { pwa_installed: boolean; pwa_opened: boolean };

/**
 * Seed 000, app-installed: opened in standalone display (the installed app) without pwa_opened →
 * save pwa_opened true, and pwa_installed true if not set yet; opened in a browser tab with
 * pwa_opened set → save pwa_opened false. Null when nothing is to be saved.
 */
export function installedRuleUpdate(standalone: boolean, flags: PwaFlags): Partial<PwaFlags> | null {
  if (standalone && !flags.pwa_opened) return flags.pwa_installed ? { pwa_opened: true } : { pwa_opened: true, pwa_installed: true };
  if (!standalone && flags.pwa_opened) return { pwa_opened: false };
  return null;
}

/** Whether the page runs as the installed app (display-mode standalone; iOS home-screen apps say so on navigator). */
export function isStandaloneDisplay(win: Window = window): boolean {
  const iosStandalone = (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || (typeof win.matchMedia === "function" && win.matchMedia("(display-mode: standalone)").matches);
}
