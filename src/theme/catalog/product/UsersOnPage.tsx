import { useEffect, useState } from "react";
import { honestViewerText, randomViewerCount } from "../../../core/catalog/viewer-count.ts";
import type { Settings } from "../../../core/settings/settings.ts";
import { useText } from "../../storefront/use-shop.ts";

type Counter = { mode: "random"; count: number } | { mode: "honest"; count: number; minutes: number };

/**
 * 'Users on page', behind the merchant's `usersOnPage` setting.
 * "random" shows a random whole number from 5 to 49, new
 * every 30 s. "honest" (the demo default) shows how many browsers really
 * viewed the product in the last minutes, counted by the platform: this view
 * is recorded once (POST) and the count read again every `refreshSeconds`
 * (GET). It says nothing below the merchant's `minViewers` (the demo shows
 * from one, the shopper themself, as it has no other traffic). Loaded and
 * rendered after hydration only, into a line whose height the page reserves.
 */
export function UsersOnPage({ handle, settings }: { handle: string; settings: Settings["product"]["usersOnPage"] }) {
  const text = useText();
  const [counter, setCounter] = useState<Counter | null>(null);
  const { enabled, mode, randomMin, randomMax, refreshSeconds, windowMinutes, minViewers } = settings;

  useEffect(() => {
    if (!enabled) return;
    const every = refreshSeconds * 1000;
    if (mode === "random") {
      const draw = () => setCounter({ mode: "random", count: randomViewerCount(randomMin, randomMax) });
      draw();
      const timer = setInterval(draw, every);
      return () => clearInterval(timer);
    }
    let stopped = false;
    const url = `/products/${encodeURIComponent(handle)}/viewers.json?minutes=${windowMinutes}`;
    const read = async (method: "GET" | "POST") => {
      try {
        const response = await fetch(url, { method, credentials: "same-origin", headers: { Accept: "application/json" } });
        if (!response.ok) return;
        const answer = (await response.json()) as { count?: unknown; minutes?: unknown };
        if (!stopped && typeof answer.count === "number" && typeof answer.minutes === "number") setCounter({ mode: "honest", count: answer.count, minutes: answer.minutes });
      } catch (error) {
        console.error(new Error("The viewer count could not be read", { cause: error }));
      }
    };
    void read("POST");
    const timer = setInterval(() => {
      if (document.visibilityState !== "hidden") void read("GET");
    }, every);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [enabled, mode, randomMin, randomMax, refreshSeconds, windowMinutes, handle]);

  if (!enabled) return null;
  let message = "";
  if (counter?.mode === "random") message = text("users_on_page_random", { count: counter.count });
  else if (counter?.mode === "honest") message = honestViewerText(counter.count, counter.minutes, minViewers, text);
  if (!message) return null;
  return (
    <p className="product__viewers-text">
      <span className="product__viewers-dot" aria-hidden="true" />
      {message}
    </p>
  );
}
