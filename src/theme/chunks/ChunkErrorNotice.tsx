import { useText } from "../storefront/use-shop.ts";
import { dismissChunkFailures, retryFailedChunks, useChunkFailures } from "./chunks.ts";
import "./chunk-error.css";

/**
 * Shown when a part of the page the shopper needs did not load (a script
 * chunk failed or timed out): what happened and a button to try again.
 * When a retry failed too, the button reloads the page, which fetches the
 * shop's scripts afresh. Fixed to the bottom of the screen, so it moves
 * nothing; an alert, so it is read out once.
 */
export function ChunkErrorNotice() {
  const { failed, retriedAll } = useChunkFailures();
  const text = useText();
  if (!failed.length) return null;
  return (
    <div className="chunk-error" role="alert">
      <p className="chunk-error__message">{text("chunk_load_error")}</p>
      {retriedAll ? (
        <button type="button" className="button button--small" onClick={() => window.location.reload()}>
          {text("reload_page")}
        </button>
      ) : (
        <button type="button" className="button button--small" onClick={retryFailedChunks}>
          {text("retry")}
        </button>
      )}
      <button type="button" className="link-button" onClick={dismissChunkFailures}>
        {text("dismiss_error")}
      </button>
    </div>
  );
}
