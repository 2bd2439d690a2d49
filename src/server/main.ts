import { existsSync } from "node:fs";
import v8 from "node:v8";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { openDatabase } from "../platform/db/database.ts";
import { migrate } from "../platform/db/migrate.ts";
import { createMailer } from "../platform/mail/create-mailer.ts";
import { openJobQueue } from "../platform/jobs/job-queue.ts";
import { startBackgroundJobs } from "./background-jobs.ts";
import { createMetrics } from "./metrics.ts";
import { frontDoor } from "./front-door.ts";
import { requestLogFields } from "./request-context.ts";
import { fullCollection, releaseMemoryWhenQuiet } from "./quiet-memory.ts";
import { demoCatalog } from "../platform/seed/demo-catalog.ts";
import { isCatalogEmpty, seedCatalog } from "../platform/seed/seed.ts";
import { demoContent } from "../platform/seed/demo-content.ts";
import { isContentEmpty, seedContent } from "../platform/seed/seed-content.ts";
import { DEFAULT_LOCALES_DIR, loadLocales, readSettingsSeed } from "../platform/settings/load.ts";
import { openLiveShop } from "./live-shop.ts";
import { prettyLogDestination } from "./dev-log.ts";
import { listen } from "./listen.ts";
import { readConfig } from "./config.ts";
import { paymentsFromEnvironment } from "../platform/payments/stripe-payments.ts";
import { mailboxAccess } from "./mailbox.ts";
import { RenderGate } from "./render-gate.ts";
import { LEAST_PAGE_CACHE_BYTES, LEAST_RENDITION_BYTES, describeSplit, memoryBudgetBytes, splitMemoryBudget } from "./memory-budget.ts";
import { RenditionCache } from "../platform/images/pictures.ts";
import { PageCache } from "./page-cache.ts";
import { startTracing } from "./tracing.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const MIB = 1024 * 1024;
/**
 * How much V8's old generation may grow between two full collections while the shop opens, in percent: a
 * fifth, so the catalogue's load and its indexes do not pile up garbage on top of it (V8's own factor lets the
 * heap grow to up to four times what the last collection left). Set back to V8's own once the shop is open.
 */
const OPENING_HEAP_GROWING_PERCENT = 20;
/** How long a closing server waits for the job it is running before leaving it to another server. */
const JOB_STOP_SECONDS = 20;
/** Fields that would carry a shopper's personal data, masked wherever they appear in a log line. */
const PERSONAL_FIELDS = ["email", "to", "recipient", "address", "phone", "*.email", "*.to", "*.recipient", "*.address", "*.phone"];

export async function startServer(env: NodeJS.ProcessEnv = process.env) {
  const config = readConfig(env);
  // While opening, the heap grows by a fifth between full collections; V8's own factor (up to four times) once open.
  v8.setFlagsFromString(`--heap-growing-percent=${OPENING_HEAP_GROWING_PERCENT}`);
  // JSON lines for machines in production; plain words at a developer's terminal. Each line written for a request names it.
  const logOptions = { level: config.LOG_LEVEL, mixin: requestLogFields, redact: { paths: PERSONAL_FIELDS, censor: "[personal]" } };
  const logger = config.NODE_ENV === "development" ? pino(logOptions, prettyLogDestination()) : pino(logOptions);
  const metrics = createMetrics();
  // OpenTelemetry traces when an OTLP endpoint is set (OTEL_EXPORTER_OTLP_ENDPOINT); nothing otherwise.
  const tracing = await startTracing(env);
  const dataDir = path.resolve(ROOT, config.DATA_DIR);
  const db = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    replicaUrl: config.DATABASE_REPLICA_URL,
    dataDir: path.join(dataDir, "pglite"),
    onQuery: metrics.query,
    ...(tracing.enabled ? { around: tracing.database } : {}),
  });
  const applied = await migrate(db);
  if (applied.length) logger.info({ applied }, "database migrated");
  const queue = await openJobQueue(db, logger);
  if (await isCatalogEmpty(db)) {
    await seedCatalog(db, demoCatalog);
    logger.info({ products: demoCatalog.products.length }, "demo catalog seeded");
  }
  if (await isContentEmpty(db)) {
    await seedContent(db, demoContent);
    logger.info({ pages: demoContent.pages.length, articles: demoContent.blog.articles.length }, "demo pages, journal and policies seeded");
  }
  // The settings live in the database (config/settings.json seeds the first version); published versions are picked up while running.
  // Mail is sent as the shop the live settings name (the mailer sends nothing before the shop below is open).
  const mailer = createMailer({ db, queue, onDelivery: metrics.email, smtpUrl: config.SMTP_URL, logger, from: () => ({ name: shop.settings.settings.shop.name, address: shop.settings.settings.shop.email }) });

  // Both caches start at their least and take their share of the memory budget once the shop is open (below).
  const pageCache = config.PAGE_CACHE_MB === 0 ? undefined : new PageCache(LEAST_PAGE_CACHE_BYTES);
  const renditions = new RenditionCache(LEAST_RENDITION_BYTES);
  const renderGate = new RenderGate(config.RENDER_SLOTS);
  metrics.watch({ db, pageCache, renderGate, queue });
  const serverBuild = path.join(ROOT, "build/server/index.js");
  if (!existsSync(serverBuild)) throw new Error("The theme is not built yet: run `npm run build` (npm start does this for you).");
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  const shop = await openLiveShop(db, readSettingsSeed(path.resolve(ROOT, config.SETTINGS_FILE)), {
    platform: {
      locales: loadLocales(path.resolve(ROOT, DEFAULT_LOCALES_DIR)),
      mailer,
      customerHashSecret: config.CUSTOMER_HASH_SECRET,
      newCartLimit: { limit: config.NEW_CARTS_PER_HOUR, windowSeconds: 60 * 60 },
      newViewerLimit: { limit: config.NEW_VIEWERS_PER_HOUR, windowSeconds: 60 * 60 },
      onOrderPlaced: metrics.orderPlaced,
      payments: paymentsFromEnvironment(config),
    },
    app: {
      logger,
      build,
      clientDir: path.relative(process.cwd(), path.join(ROOT, "build/client")) || ".",
      imageCacheDir: path.join(dataDir, "images"),
      trustProxy: config.TRUST_PROXY,
      shopUrl: config.SHOP_URL,
      mailbox: mailboxAccess(config),
      // One store of kept pages for every site and settings version (the version is in each page's key).
      ...(pageCache ? { pageCache } : {}),
      renditions,
      renderGate,
    },
    live: { logger },
  });
  const { platform } = shop.settings.value;
  const { settings } = shop.settings;
  await platform.catalog.get();
  // The catalog's search index is built on the turn after it loads; then what opening left (migrations, seeding,
  // the catalog's rows, loaded 2,000 at a time) is collected before the shop opens, so it opens at the size it
  // rests at instead of holding the load's garbage until its first quiet spell.
  await new Promise((resolve) => setImmediate(resolve));
  fullCollection();
  v8.setFlagsFromString("--heap-growing-percent=0");
  // What the open shop holds at rest is known now: the caches share what it and rendering under load leave of the budget.
  const split = splitMemoryBudget({
    budgetBytes: memoryBudgetBytes(config.MEMORY_BUDGET_MB, db.kind),
    openBytes: process.memoryUsage.rss(),
    ...(config.PAGE_CACHE_MB === undefined ? {} : { pageCacheBytes: config.PAGE_CACHE_MB * MIB }),
  });
  pageCache?.resize(split.pageCacheBytes);
  renditions.resize(split.renditionBytes);
  metrics.watch({ memory: split });
  if (split.fits) logger.info(describeSplit(split), "memory budget");
  else logger.warn(describeSplit(split), "the shop needs more memory than MEMORY_BUDGET_MB: the catalogue and rendering leave less than the least the page cache and pictures need");
  // The back office's first owner is the shop's own address; a generated password is shown this once.
  const owner = await platform.staff.ensureOwner(settings.shop.email, config.ADMIN_PASSWORD);

  let closing = false;
  const answer = frontDoor(shop.fetch, { db, logger, metrics, metricsToken: config.METRICS_TOKEN, trustProxy: config.TRUST_PROXY, closing: () => closing, tracing });
  const { server, port, close: stopListening } = await listen(answer, {
    port: config.PORT,
    hostname: config.HOST,
    limits: { headersTimeoutMs: config.HEADERS_TIMEOUT_MS, requestTimeoutMs: config.REQUEST_TIMEOUT_MS, keepAliveTimeoutMs: config.KEEP_ALIVE_TIMEOUT_MS, maxRequestsPerSocket: config.MAX_REQUESTS_PER_CONNECTION },
  });
  const url = `http://${config.HOST === "0.0.0.0" ? "localhost" : config.HOST}:${port}`;
  logger.info({ url, database: db.kind, mail: mailer.via, payments: platform.payments ? "stripe" : "test mode" }, "shop is open");
  // The same in plain words, for whoever started the shop.
  const shownDir = path.relative(process.cwd(), dataDir);
  const database = db.kind === "pglite" ? `the embedded database in ${shownDir.startsWith("..") || path.isAbsolute(shownDir) ? dataDir : shownDir || "."}` : "PostgreSQL";
  const mailbox = mailer.via === "outbox" && mailboxAccess(config) !== "nobody";
  process.stdout.write(`\n  ${settings.shop.name} is open at ${url}\n  Data: ${database}. Email: ${mailbox ? `kept in the mailbox at ${url}/dev/mailbox` : `sent through ${mailer.via}`}.\n\n`);
  if (mailbox) logger.info({ url: `${url}/dev/mailbox` }, "emails are kept in the outbox: read them in the mailbox");
  if (owner.generatedPassword) {
    process.stdout.write(`  Back office: ${url}/admin, log in as ${settings.shop.email} with the password ${owner.generatedPassword}\n  (shown this once; set ADMIN_PASSWORD to choose it yourself).\n\n`);
  }

  // Links in reminder emails: the shop's public address, else the address it answers on.
  await startBackgroundJobs({ queue, current: () => shop.settings.value.platform, mailer, logger, shopUrl: config.SHOP_URL ?? url, onJob: metrics.job, tracing });
  const stopReleasing = releaseMemoryWhenQuiet(server);

  /**
   * Closing (SIGTERM): readyz says so at once, no new connection is taken, the requests under way are answered,
   * and the job running here finishes (or, past the bound, is left to the queue, which gives it to another server);
   * then the mailer and the database close.
   */
  const close = async () => {
    closing = true;
    stopReleasing();
    await Promise.all([stopListening(), queue.stop(JOB_STOP_SECONDS)]);
    // Work the last answers left (reset links, notes to account owners) is done before the mailer and database close.
    await shop.settings.value.platform.afterAnswer.settled();
    await queue.close();
    // Deliveries under way finish (or time out) before the database they report to closes.
    await mailer.close();
    await db.close();
    // The spans of those last answers and jobs are sent before the process ends.
    await tracing.stop();
  };
  return { port, close, logger };
}
