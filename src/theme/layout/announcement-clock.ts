/**
 * The announcement bar's clock, its own chunk loaded after hydration: it
 * picks the message the settings allow at each moment and ticks its
 * countdown once a second. The first paint needs none of it (the server
 * renders the bar as it stands), so every page's start-up JavaScript stays
 * smaller by the time-zone and countdown rules.
 */
import { type AnnouncementMessage, type AnnouncementView, activeAnnouncement, countdownEnds, countdownText } from "../../core/announcement.ts";
import { startCountdown } from "../../core/countdown.ts";

/** Runs the bar's clock from now, reporting each change; the answer stops it. */
export function startAnnouncementClock(messages: readonly AnnouncementMessage[], language: string, onChange: (view: AnnouncementView) => void): () => void {
  const ends = countdownEnds(messages, Date.now());
  let stop: () => void = () => undefined;
  const show = () => {
    stop();
    const now = Date.now();
    const index = activeAnnouncement(messages, now, ends);
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
        if (activeAnnouncement(messages, Date.now(), ends) !== index) return show();
        onChange({ index, countdown: countdownText(parts, language) });
      },
      onZero: show,
    });
  };
  show();
  return () => stop();
}
