import { Outlet } from "react-router";
import { RouteErrorBoundary } from "../components/route-error-boundary";

/** No header, sidebar or footer: the game window gets the whole screen. */
export default function EmptyLayout() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return (
    <main id="main" className="px-4">
      <RouteErrorBoundary />
    </main>
  );
}
