import { buildIfStale } from "../../scripts/build-if-stale.ts";

/**
 * Builds the theme and the compiled server once, before any test file runs:
 * the files run side by side, and two of them building at once would write
 * over each other's output.
 */
export default function setup(): void {
  buildIfStale();
}
