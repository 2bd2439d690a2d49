import type { ThresholdEntry, ThresholdMessage, ThresholdTrack } from "../../core/money/thresholds.ts";
import { chooseGift } from "./cart-store.ts";
import { useLocaleText } from "./use-locale-text.ts";

const ICONS: Record<string, string> = {
  shipping: "M2 6h9v7H2zM11 8h3l2 2.5V13h-5zM4.5 15.5a1.5 1.5 0 1 0 0-.01M13 15.5a1.5 1.5 0 1 0 0-.01",
  gift: "M3 8h12v8H3zM2 5h14v3H2zM9 5v11M9 5C7 1.5 4.5 3 6 5M9 5c2-3.5 4.5-2 3 0",
  sample: "M6 2h6v3l-1 1v9a2 2 0 0 1-4 0V6L6 5z",
  sparkle: "M9 2l1.6 4.4L15 8l-4.4 1.6L9 14l-1.6-4.4L3 8l4.4-1.6z",
  heart: "M9 15s-6-3.6-6-8a3.2 3.2 0 0 1 6-1.6A3.2 3.2 0 0 1 15 7c0 4.4-6 8-6 8z",
  star: "M9 2l2.1 4.6 5 .5-3.8 3.3 1.1 4.9L9 12.8l-4.4 2.5 1.1-4.9L1.9 7.1l5-.5z",
};

/**
 * Free shipping and the gift thresholds as segmented bars: one progressbar
 * per threshold, reached ones full, the next filling from the last reached
 * one, with the sentences underneath. The shop works all of it out; this
 * draws it. A gift the shopper turned down can be added back from its sentence.
 */
export function ThresholdBars({ tracks, messages, iconOf }: { tracks: ThresholdTrack[]; messages: ThresholdMessage[]; iconOf: (entry: ThresholdEntry) => string }) {
  const text = useLocaleText();
  if (!tracks.length) return null;
  return (
    <section className="thresholds" aria-label={tracks[0]?.label}>
      {tracks.map((track, index) => (
        <ol key={track.key} className="thresholds__bar" aria-label={index === 0 ? undefined : track.label}>
          {track.entries.map((entry) => (
            <li key={`${entry.type}-${entry.groupKey ?? ""}-${entry.threshold}`} className={`thresholds__segment ${entry.reachedMin ? "is-reached" : ""} ${entry.isProgressActive ? "is-active" : ""}`}>
              <div
                className="thresholds__track"
                role="progressbar"
                aria-label={entry.title}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={entry.progressBarSegmentPct}
                aria-valuetext={entry.reachedMin ? entry.over_text : entry.under_text}
              >
                <span className="thresholds__fill" style={{ width: `${entry.progressBarSegmentPct}%` }} />
              </div>
              <span className="thresholds__label" aria-hidden="true">
                <svg width="16" height="16" viewBox="0 0 18 18" focusable="false">
                  <path d={ICONS[iconOf(entry)] ?? ICONS.gift} fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
                </svg>
                <span>{entry.icon_title}</span>
              </span>
            </li>
          ))}
        </ol>
      ))}
      <ul className="thresholds__messages">
        {messages.map((message) => (
          <li key={message.key} className={message.reached ? "is-reached" : ""}>
            {message.text}
            {message.addBack ? (
              <>
                {" "}
                <button className="link-button thresholds__add-back" type="button" onClick={() => message.addBack && chooseGift(message.addBack.groupKey, message.addBack.handle)}>
                  {text("gift_add_back")}
                </button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
