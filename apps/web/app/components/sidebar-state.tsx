import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { useDevice } from "../lib/use-device";
import { useScrollLock } from "../lib/scroll-lock";

type SidebarState = {
  /** Overlay drawer open (mobile and tablet). */
  open: boolean;
  /** Rail mode on desktop. */
  collapsed: boolean;
  toggle: () => void;
  /** Opens the drawer on mobile and tablet (the sidebar search after ?modal=search). */
  show: () => void;
  close: () => void;
};

const SidebarContext = createContext<SidebarState | null>(null);

/**
 * Desktop: the sidebar is a column, expanded by default and collapsible to a rail.
 * Tablet and mobile: hidden; the menu button opens it as an overlay and the page stops scrolling.
 */
export function SidebarProvider({ children }: { children: ReactNode }) {
  const { deviceClass } = useDevice();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [collapsed, setCollapsed] = useState(false);
  const overlay = deviceClass !== "desktop";

  useScrollLock(open && overlay);
  // A page change or growing to desktop width closes the drawer.
  useEffect(() => setOpen(false), [location.pathname, overlay]);

  const toggle = useCallback(() => {
    if (overlay) setOpen((value) => !value);
    else setCollapsed((value) => !value);
  }, [overlay]);
  const close = useCallback(() => setOpen(false), []);
  const show = useCallback(() => setOpen(true), []);

  const value = useMemo(() => ({ open: open && overlay, collapsed, toggle, show, close }), [open, overlay, collapsed, toggle, show, close]);
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarState {
  const state = useContext(SidebarContext);
  if (!state) throw new Error("useSidebar outside SidebarProvider");
  return state;
}
