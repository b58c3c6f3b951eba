import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { ErrorView } from "./error-view";

/** Shared ErrorBoundary body: 404 for unknown routes and failed route validation, by status otherwise. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const detail = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorView status={status} path={location.pathname} detail={detail} />;
}
