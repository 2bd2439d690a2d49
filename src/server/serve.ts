/**
 * Runs the shop without building the theme first (the build must exist): used
 * by `npm start`, tests and benchmarks. Production mode unless NODE_ENV says
 * otherwise, set before React loads (it picks its build when first imported).
 */
process.env.NODE_ENV ??= "production";
const { startServer } = await import("./main.ts");

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
export {};
