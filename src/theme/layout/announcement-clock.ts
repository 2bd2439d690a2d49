/**
 * The announcement bar's clock, its own chunk loaded after hydration: it
 * picks the message the settings allow at each moment and ticks its
 * countdown once a second. The first paint needs none of it (the server
 * renders the bar as it stands), so every page's start-up JavaScript stays
 * smaller by the time-zone and countdown rules.
 */
import { type AnnouncementClockStart, type AnnouncementMessage, type AnnouncementView, activeAnnouncement, clockEnds, countdownText } from "../../core/marketing/announcement.ts";
import { type CountdownWords, startCountdown } from "../../core/marketing/countdown.ts";

/** Runs the bar's clock from now, from what the server read for the page (ends, schedules, since when they hold), reporting each change; the answer stops it. */
export function startAnnouncementClock(messages: readonly AnnouncementMessage[], words: CountdownWords, start: AnnouncementClockStart, onChange: (view: AnnouncementView) => void): () => void {
  const ends = clockEnds(messages, start, Date.now());
  let stop: () => void = () => undefined;
  const show = () => {
    stop();
    const now = Date.now();
    const index = activeAnnouncement(messages, now, ends, start);
    const end = ends[index] ?? null;
    if (end === null) {
      onChange({ index, countdown: null });
      // Schedules change on whole minutes.
      const timer = setTimeout(show, 60_000 - (now % 60_000));
      stop = () => clearTimeout(timer);
      return;
    }
    stop = startCountdown(end, {
      onTick: (parts) => {
        // A message before this one may have come into its schedule.
        if (activeAnnouncement(messages, Date.now(), ends, start) !== index) return show();
        onChange({ index, countdown: countdownText(parts, words) });
      },
      onZero: show,
    });
  };
  show();
  return () => stop();
}
