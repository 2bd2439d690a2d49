/** A real SMTP server on 127.0.0.1 for the job tests: it can refuse every message, hold the first ones unanswered, or answer each after a delay. */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface SmtpRelay {
  port: number;
  url: string;
  /** Subjects of the messages accepted, in order. */
  accepted: string[];
  /** Messages refused or held so far. */
  refusals: number;
  /** Resolves once `count` messages have been accepted. */
  acceptedCount(count: number): Promise<void>;
  /** Resolves once a message is being held. */
  holding(): Promise<void>;
  /** Resolves when the next message arrives (before it is answered). */
  nextArrival(): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpRelay(behaviour: { refuse?: boolean; hold?: number; delayMs?: number } = {}): Promise<SmtpRelay> {
  const waiters: { count: number; resolve: () => void }[] = [];
  let onHold: (() => void) | undefined;
  let arrivals: (() => void)[] = [];
  let held = 0;
  const relay: SmtpRelay = {
    port: 0,
    url: "",
    accepted: [],
    refusals: 0,
    acceptedCount: (count) => new Promise<void>((resolve) => (relay.accepted.length >= count ? resolve() : waiters.push({ count, resolve }))),
    holding: () => new Promise<void>((resolve) => (held > 0 ? resolve() : (onHold = resolve))),
    nextArrival: () => new Promise<void>((resolve) => arrivals.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    // A held connection does not keep the test waiting at the end.
    closeTimeout: 500,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        for (const arrived of arrivals) arrived();
        arrivals = [];
        if (behaviour.refuse) {
          relay.refusals++;
          callback(Object.assign(new Error("Mailbox unavailable, try later"), { responseCode: 451 }));
          return;
        }
        if (held < (behaviour.hold ?? 0)) {
          // Never answered: the sender waits, as on a mail server that hangs.
          held++;
          relay.refusals++;
          onHold?.();
          return;
        }
        const accept = () => {
          relay.accepted.push(/^Subject: (.*)$/im.exec(Buffer.concat(chunks).toString("utf8"))?.[1] ?? "");
          for (const waiter of [...waiters]) if (relay.accepted.length >= waiter.count) waiter.resolve();
          callback();
        };
        if (behaviour.delayMs) setTimeout(accept, behaviour.delayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  relay.port = (server.server.address() as AddressInfo).port;
  relay.url = `smtp://127.0.0.1:${relay.port}`;
  return relay;
}
