/**
 * Wall-clock time in an IANA time zone, through Intl only (no time-zone
 * database of our own). Used by the countdown's daily target and the
 * announcement bar's day-and-time schedules.
 */

export interface ZonedDateTime {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  /** 0-23 */
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
}

const DAY_MS = 86_400_000;
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

// One formatter per zone: building an Intl.DateTimeFormat costs far more than using one.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      weekday: "short",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The date and time a clock in `timeZone` shows at `epochMs`. */
export function zonedDateTime(epochMs: number, timeZone: string): ZonedDateTime {
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(epochMs)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ""),
  };
}

/** How far the zone's clocks are ahead of UTC at `epochMs` (negative west of Greenwich). */
export function zoneOffsetMs(epochMs: number, timeZone: string): number {
  const wall = zonedDateTime(epochMs, timeZone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - (epochMs - (((epochMs % 1000) + 1000) % 1000));
}

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/**
 * The instant a clock in `timeZone` shows `wall`. Where the clocks go back and
 * the time happens twice, the earlier one; where they go forward and it never
 * happens, the time the same distance past the jump (01:30 on the day London
 * skips from 01:00 to 02:00 is 02:30), as Temporal's "compatible" rule does.
 */
export function zonedTimeToEpoch(wall: WallTime, timeZone: string): number {
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // Clocks change at most once in a day, so the offsets a day either side are the only ones that can apply.
  const before = zoneOffsetMs(wallAsUtc - DAY_MS, timeZone);
  const after = zoneOffsetMs(wallAsUtc + DAY_MS, timeZone);
  const matching = [wallAsUtc - before, wallAsUtc - after].filter((instant) => instant + zoneOffsetMs(instant, timeZone) === wallAsUtc);
  return matching.length ? Math.min(...matching) : wallAsUtc - before;
}

/** "HH:MM" as minutes after midnight. */
export function clockMinutes(time: string): number {
  const [hours = "0", minutes = "0"] = time.split(":");
  return Number(hours) * 60 + Number(minutes);
}

/** The first instant after `nowMs` at which a clock in `timeZone` shows `time` ("HH:MM"). */
export function nextDailyTime(nowMs: number, time: string, timeZone: string): number {
  const minutes = clockMinutes(time);
  const today = zonedDateTime(nowMs, timeZone);
  for (let days = 0; ; days++) {
    // Calendar arithmetic in UTC, where every day has 24 hours.
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
    const instant = zonedTimeToEpoch(
      { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: Math.floor(minutes / 60), minute: minutes % 60 },
      timeZone,
    );
    if (instant > nowMs) return instant;
  }
}
