/** Runs the shop without building the theme first (the build must exist): used by tests and benchmarks. */
import { startServer } from "./main.ts";

const { close, logger } = await startServer().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    logger.info({ signal }, "closing");
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
