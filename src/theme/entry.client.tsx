import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// This module is imported only after the page's first paint: the server
// rewrites React Router's inline module script to wait for it
// (entry/after-first-paint.ts). The page hydrates with React Router's own
// documented entry, as shipped.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
