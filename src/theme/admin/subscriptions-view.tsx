/** What the back office's subscription pages share: a status and a frequency in words. */
import type { PlanInterval, SubscriptionStatus } from "../../core/admin/admin-subscriptions.ts";
import { frequencyText } from "../../core/subscriptions/selling-plans.ts";
import "./subscriptions.css";

const LABELS: Record<SubscriptionStatus, string> = { active: "Active", paused: "Paused", cancelled: "Cancelled", failed: "Payment failed" };

export const subscriptionStatusLabel = (status: SubscriptionStatus) => LABELS[status];

/** A status in words, its colour only a second cue. */
export function SubscriptionBadge({ status }: { status: SubscriptionStatus }) {
  return <span className={`admin-badge admin-badge--subscription-${status}`}>{subscriptionStatusLabel(status)}</span>;
}

/** "Every 6 weeks". */
export const everyText = (interval: PlanInterval, intervalCount: number) => `Every ${intervalCount === 1 ? interval : frequencyText({ interval, intervalCount })}`;

/** A calendar day (`YYYY-MM-DD`) as the back office writes dates, without a time: it is the shop's day, not an instant. */
export const calendarDayText = (language: string, date: string) => new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
