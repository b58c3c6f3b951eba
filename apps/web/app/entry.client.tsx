import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installChunkErrorReload } from "./features/app-updates/chunk-error";
import { registerServiceWorker } from "./features/pwa/register-service-worker";

// Before hydration: a route chunk that fails to load during it must already reload the page (once).
installChunkErrorReload();
registerServiceWorker();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
