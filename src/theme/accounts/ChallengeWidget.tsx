import type {} from "altcha/types/react";
import { useEffect, useRef, useState } from "react";
import { defineChunk } from "../chunks/chunks.ts";
import { useHydrated } from "../ui/use-hydrated.ts";

/** The ALTCHA widget's script: loaded on this page only, when it runs. */
const altchaWidget = defineChunk("altcha", () => import("altcha"));

type WidgetState = "loading" | "unverified" | "verifying" | "verified" | "expired" | "error" | "unavailable";

const STATUS: Record<WidgetState, string> = {
  loading: "Getting the check ready…",
  unverified: "Ready to check.",
  verifying: "Checking… this takes a moment.",
  verified: "Done. Press Continue.",
  expired: "The check expired. It starts again by itself.",
  error: "The check did not work. Tick the box to try again.",
  unavailable: "The check could not load. Check your connection and reload the page.",
};

/**
 * The proof of work in the browser: the widget solves the shop's challenge
 * (given inline, no request to anyone) and puts its answer in the form as
 * the hidden field `altcha`. A visible status says where it is; pressing
 * Continue before it is done sends the form as soon as it is. A new
 * challenge (after a failed answer) needs a new widget: give it a new key.
 */
export function ChallengeWidget({ challenge }: { challenge: Record<string, unknown> }) {
  const hydrated = useHydrated();
  const widgetRef = useRef<HTMLElement>(null);
  const [state, setState] = useState<WidgetState>("loading");
  const [submitWhenDone, setSubmitWhenDone] = useState(false);
  // Whether Continue was pressed before the check was done: the form goes as soon as it is.
  const sendWhenDone = useRef(false);

  useEffect(() => {
    let live = true;
    altchaWidget.load().catch(() => live && setState("unavailable"));
    return () => {
      live = false;
    };
  }, []);

  // Listening starts with the page's scripts, before the widget's own have loaded, so no state change and no early press is missed.
  useEffect(() => {
    const widget = widgetRef.current;
    const form = widget?.closest("form");
    if (!widget || !form) return;
    let current: WidgetState = "loading";
    const onState = (event: Event) => {
      current = (event as CustomEvent<{ state: WidgetState }>).detail.state ?? "unverified";
      setState(current);
      if (current === "verified" && sendWhenDone.current) {
        sendWhenDone.current = false;
        setSubmitWhenDone(false);
        form.requestSubmit();
      }
    };
    const onSubmit = (event: SubmitEvent) => {
      if (current === "verified") return;
      event.preventDefault();
      event.stopImmediatePropagation();
      sendWhenDone.current = true;
      setSubmitWhenDone(true);
    };
    widget.addEventListener("statechange", onState);
    form.addEventListener("submit", onSubmit, { capture: true });
    return () => {
      widget.removeEventListener("statechange", onState);
      form.removeEventListener("submit", onSubmit, { capture: true });
    };
  }, [hydrated]);

  const status = submitWhenDone && state !== "verified" ? `${STATUS[state]} Your form is sent as soon as the check is done.` : STATUS[state];
  return (
    <div className="challenge__widget">
      {hydrated ? (
        <altcha-widget
          ref={widgetRef}
          challenge={JSON.stringify(challenge)}
          auto="onload"
          name="altcha"
          language="en"
          configuration={JSON.stringify({ hideFooter: true })}
        />
      ) : null}
      <p className="challenge__status" role="status" aria-live="polite">
        {hydrated ? status : null}
      </p>
    </div>
  );
}
