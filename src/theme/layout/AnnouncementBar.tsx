import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { AnnouncementClockStart, AnnouncementMessage, AnnouncementPage, AnnouncementView } from "../../core/marketing/announcement.ts";
import type { CountdownWords } from "../../core/marketing/countdown.ts";
import { defineChunk } from "../chunks/chunks.ts";
import { useYieldedSection, yieldedMark } from "../content/editor/design-mode.ts";
import type * as Clock from "./announcement-clock.ts";
import "./announcement-bar.css";

/** Where a message's text shows its countdown; a text without it shows the countdown last. */
const COUNTDOWN_PLACEHOLDER = "{countdown}";

function splitAtCountdown(text: string): [string, string] {
  const at = text.indexOf(COUNTDOWN_PLACEHOLDER);
  return at < 0 ? [`${text} `, ""] : [text.slice(0, at), text.slice(at + COUNTDOWN_PLACEHOLDER.length)];
}

/** The bar's clock: its own chunk, loaded after hydration. */
const clockChunk = defineChunk<typeof Clock>("announcement clock", () => import("./announcement-clock.ts"));

interface AnnouncementBarProps {
  messages: readonly AnnouncementMessage[];
  /** The bar as the server drew it (message, countdown's end, widest clock), rendered as it is while hydrating so nothing mismatches or moves. */
  initial: AnnouncementPage;
  /** What the server read for the clock to start from (countdown ends, schedules). */
  clock: AnnouncementClockStart;
  /** How the countdown is written in the shop's language. */
  words: CountdownWords;
  label: string;
}

/**
 * The bar at the top of every page: one message at a time (the first the
 * settings allow now), with its countdown where it has one. The server
 * draws the countdown's end as a time, in a box as wide as the clock will
 * be, so the page is the same whatever second it is drawn in; after
 * hydration the browser's clock counts down to that end every second in
 * the same box. The countdown is a
 * `timer`, which screen readers do not announce as it changes. A message
 * whose countdown reaches zero gives way to the next; when none is left the
 * bar keeps its height, empty, rather than pulling the page up.
 */
export function AnnouncementBar({ messages, initial, clock, words, label }: AnnouncementBarProps) {
  const [shown, setShown] = useState<AnnouncementView>({ index: initial.index, countdown: null });
  // Only a bar the server rendered is ever shown: one appearing later would push the page down.
  const [present] = useState(initial.index >= 0);

  useEffect(() => {
    if (!present) return;
    let live = true;
    let stop: () => void = () => undefined;
    clockChunk.load().then(
      ({ startAnnouncementClock }) => {
        if (live) stop = startAnnouncementClock(messages, words, clock, setShown);
      },
      // Logged by the loader; the bar keeps the server's text.
      () => undefined,
    );
    return () => {
      live = false;
      stop();
    };
  }, [messages, words, clock, present]);

  // Re-rendered in the theme editor: the editor puts the section's new HTML here until the page has its new data.
  const yielded = useYieldedSection("announcement-bar");
  if (!present) return null;
  const message = messages[shown.index];
  return (
    <section className="announcement-bar" aria-label={label} id="shopify-section-announcement-bar" data-section-id="announcement-bar" {...yieldedMark(yielded)}>
      {yielded ? null : <div className="announcement-bar__inner">{message ? <AnnouncementText key={shown.index} message={message} deadline={shown.index === initial.index ? initial.deadline : null} countdown={message.countdown ? shown.countdown : null} /> : null}</div>}
    </section>
  );
}

function AnnouncementText({ message, deadline, countdown }: { message: AnnouncementMessage; deadline: AnnouncementPage["deadline"]; countdown: AnnouncementView["countdown"] }) {
  const [before, after] = countdown || deadline ? splitAtCountdown(message.text) : [message.text, ""];
  const clock = useRef<HTMLSpanElement>(null);
  const widest = useRef(0);
  // The clock never narrows (59m 59s after 1h 00m 00s would pull the text after it, a layout shift):
  // before each paint it keeps the widest width it has had.
  useLayoutEffect(() => {
    const element = clock.current;
    if (!element) return;
    element.style.minWidth = "";
    widest.current = Math.max(widest.current, element.getBoundingClientRect().width);
    element.style.minWidth = `${widest.current}px`;
  }, [countdown?.clock]);
  // The box is as wide as the widest of the clock to come and the end as written (both drawn unseen behind it), so it holds still as the clock starts.
  const content = (
    <>
      {before}
      {countdown || deadline ? (
        <span ref={clock} className="announcement-bar__countdown" role="timer" aria-live="off" data-widest={deadline?.widest} data-deadline={deadline?.text}>
          {countdown ? (
            <>
              <span aria-hidden="true">{countdown.clock}</span>
              <span className="visually-hidden">{countdown.words}</span>
            </>
          ) : deadline ? (
            <time dateTime={new Date(deadline.end).toISOString()}>{deadline.text}</time>
          ) : null}
        </span>
      ) : null}
      {after}
    </>
  );
  const { url } = message;
  return (
    <p className="announcement-bar__message">
      {!url ? (
        content
      ) : url.startsWith("/") ? (
        <Link to={url} prefetch="intent">
          {content}
        </Link>
      ) : (
        <a href={url}>{content}</a>
      )}
    </p>
  );
}
