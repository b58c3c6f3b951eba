import { Outlet } from "react-router";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { SiteShell } from "../components/site-shell";

export default function DefaultLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

// Errors of lobby, information and bonus-hub pages render inside the site frame.
export function ErrorBoundary() {
  return (
    <SiteShell>
      <RouteErrorBoundary />
    </SiteShell>
  );
}
