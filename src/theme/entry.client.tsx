import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { deferredHydration, readPageStart } from "./entry/deferred-router.tsx";

// This module is imported only after the page's first paint: the server
// rewrites React Router's inline module script to wait for it
// (entry/after-first-paint.ts).
async function hydrate() {
  const start = await readPageStart();
  if (!start) throw new Error("The page carries no React Router data to hydrate with");
  return deferredHydration(start);
}

hydrate().then(
  (app) =>
    startTransition(() => {
      hydrateRoot(document, <StrictMode>{app}</StrictMode>);
    }),
  // A page whose data cannot be read stays as the server drew it: its links and forms still work without script.
  (error: unknown) => console.error(error),
);
