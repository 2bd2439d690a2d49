/**
 * Parts of the shop's frame that the server renders in full but whose code
 * the browser loads only when the page is idle, or at once when the shopper
 * reaches for the page (a pointer, a key, a focus): the footer, the search
 * box, the menu, the cookie banner. Until then React leaves their server
 * HTML as it is (a Suspense boundary that has not hydrated yet), so nothing
 * moves and links and forms work as they do without scripts.
 *
 * A button pressed in such a part before its code is here is held and
 * pressed again once the part has hydrated, so no press is lost; links,
 * check boxes and fields answer at once, as without scripts.
 *
 * On the server the part renders synchronously, from the component
 * entry.server registers; the browser's bundle only has the dynamic import.
 * A part's stylesheet is imported by the frame, so the server's HTML is
 * styled before the code arrives.
 */
import { type ComponentType, Suspense, lazy, memo, useContext, useEffect, useId } from "react";
import { defineChunk, reportChunkFailure } from "./chunks.ts";
import { FragmentCatcherContext, keptFragment } from "./kept-fragments.ts";
import { whenIdle } from "../ui/when-idle.ts";
import "./hydrate-later.css";

/** The parts load when the browser is idle, at the latest after 3 s. */
const IDLE_TIMEOUT_MS = 3000;
/** Once the first has started, each next part waits for the next idle moment, at most this long. */
const NEXT_PART_TIMEOUT_MS = 250;
const INTENT_EVENTS = ["pointerdown", "pointerover", "keydown", "focusin", "touchstart"] as const;

interface Part {
  start(): void;
  started: boolean;
  hydrated: boolean;
  /** Clicks held until the part has hydrated. */
  held: (() => void)[];
}

const parts = new Map<string, Part>();
let listening = false;

function startAll() {
  for (const part of parts.values()) part.start();
}

/** When idle, the parts start one at a time, each in an idle moment of its own, so no one task loads them all. */
function startEachWhenIdle(timeoutMs: number) {
  whenIdle(() => {
    const waiting = [...parts.values()].filter((part) => !part.started);
    waiting[0]?.start();
    if (waiting.length > 1) startEachWhenIdle(NEXT_PART_TIMEOUT_MS);
  }, timeoutMs);
}

/** What a held click may press: buttons, whose work is the part's code. Links, boxes, labels and fields keep their own behaviour at once. */
const HELD_CONTROLS = "button, [role='button'], input[type='submit'], input[type='button']";

/** A button pressed in a part whose code is not here yet: held, and pressed again once the part answers. */
function holdClick(event: MouseEvent) {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const region = target.closest<HTMLElement>("[data-later]");
  const part = region ? parts.get(region.dataset.later ?? "") : undefined;
  if (!part || part.hydrated) return;
  part.start();
  const control = target.closest<HTMLElement>(HELD_CONTROLS);
  if (!control || !region?.contains(control)) return;
  event.preventDefault();
  event.stopPropagation();
  part.held.push(() => {
    if (control.isConnected) control.click();
  });
}

function listen() {
  if (listening) return;
  listening = true;
  for (const type of INTENT_EVENTS) window.addEventListener(type, startAll, { capture: true, passive: true, once: true });
  window.addEventListener("click", holdClick, true);
  startEachWhenIdle(IDLE_TIMEOUT_MS);
}

function partNamed<P extends object>(name: string, importer: () => Promise<ComponentType<P>>): Promise<ComponentType<P>> {
  const chunk = defineChunk(name, importer);
  return new Promise((resolve) => {
    const attempt = () =>
      chunk.load().then(resolve, (error) => {
        // The server's HTML stays (links and forms work); the notice offers to try again.
        reportChunkFailure(error, attempt);
      });
    const part: Part = {
      hydrated: false,
      held: [],
      started: false,
      start() {
        if (part.started) return;
        part.started = true;
        void attempt();
      },
    };
    parts.set(name, part);
    listen();
    // A part first shown after the page hydrated (a client navigation) is wanted now: there is no server HTML to keep.
    if (document.documentElement.dataset.hydrated === "true") part.start();
  });
}

function markHydrated(name: string) {
  const part = parts.get(name);
  if (!part || part.hydrated) return;
  part.hydrated = true;
  const held = part.held.splice(0);
  // Once React has finished committing the part (its effects run in one task), ahead of any timer.
  if (held.length) queueMicrotask(() => held.forEach((give) => give()));
}

/** The parts' components on the server, where each renders at once; entry.server registers them, so the browser's bundle never imports them statically. */
const onServer = new Map<string, ComponentType<never>>();

export function renderOnServer(parts: Record<string, ComponentType<never>>): void {
  for (const [name, component] of Object.entries(parts)) onServer.set(name, component);
}

/** Whether a part's code is here and it answers (a part waiting for its code leaves its links to the browser). */
export function hydratedPart(name: string): boolean {
  return parts.get(name)?.hydrated ?? false;
}

interface LaterOptions<P> {
  /**
   * On the server, a hook naming everything the part's HTML depends on
   * besides its name and place (its props, the address, the site), or null
   * to draw it: the server keeps the HTML it drew under that name and writes
   * it as it is on later pages (chunks/kept-fragments.ts). Without it the
   * part is drawn on every page.
   */
  useServerKey?: (props: P) => string | null;
}

/**
 * A frame part hydrated later: `importer` answers the component from its
 * chunk in the browser; on the server the component entry.server
 * registered under `name` renders. The part sits in an element that takes
 * no box of its own.
 */
export function hydrateLater<P extends object>(name: string, importer: () => Promise<ComponentType<P>>, options: LaterOptions<P> = {}): ComponentType<P> {
  const Part: ComponentType<P> = import.meta.env.SSR
    ? function OnServer(props: P) {
        const Component = onServer.get(name) as ComponentType<P> | undefined;
        if (!Component) throw new Error(`No server component registered for the part "${name}"`);
        return <Component {...props} />;
      }
    : lazy(async () => {
        const Component = await partNamed(name, importer);
        function Hydrated(props: P) {
          useEffect(() => markHydrated(name), []);
          return <Component {...props} />;
        }
        return { default: Hydrated };
      });
  const drawn = (props: P) => (
    <div className="later" data-later={name}>
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    </div>
  );
  const { useServerKey } = options;
  // The id names the part's place in the page: the ids React gives inside it follow from that place, so kept HTML
  // is only reused there. Taken in the browser too, where the part's ids must come out the same as the server's.
  const Later =
    import.meta.env.SSR && useServerKey
      ? function Later(props: P) {
          const place = useId();
          const catcher = useContext(FragmentCatcherContext);
          const inputs = useServerKey(props);
          if (catcher === null || inputs === null) return drawn(props);
          const key = `${name}\n${place}\n${inputs}`;
          const html = keptFragment(key);
          if (html === undefined) {
            catcher.want(name, key);
            return drawn(props);
          }
          return <div className="later" data-later={name} dangerouslySetInnerHTML={{ __html: html }} />;
        }
      : function Later(props: P) {
          useId();
          return drawn(props);
        };
  // Memoised: a re-render above with the same props leaves a part that has not hydrated alone.
  return memo(Later);
}
