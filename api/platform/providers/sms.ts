import { lt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { smsOutbox } from "../../db/schema";
import type { Env } from "../env";
import { newId } from "../data/ids";
import { log } from "../log";

/**
 * Sends a text message; `expiresAt` says how long its content matters (the outbox keeps it that long), and `otpId`
 * names the one-time code it carries (the outbox shows it only while that code lives).
 */
export interface SmsSender {
  /** "outbox" is the demo provider: nothing leaves the machine */
  kind: "twilio" | "outbox";
  /** `db`: where the outbox is written, the caller's transaction when it has one (ADR 0071); the app's database otherwise */
  send(to: string, body: string, expiresAt: Date, otpId?: string, db?: Database): Promise<void>;
  /**
   * Runs `work` (issuing and texting a code) once the request has been answered: the answer cannot wait for it, or
   * its time would tell who has an account (ADR 0024). A failure is logged; nobody is waiting for it. `work` gets the
   * app's database: the request's transaction (ADR 0071) has ended by then.
   */
  afterAnswer(work: (db: Database) => Promise<unknown>): void;
  /** Resolves when every text queued by afterAnswer has gone (or failed): the demo outbox is read after them. */
  settled(): Promise<void>;
}

export function createSms(env: Env, db: Database): SmsSender {
  const queue = textQueue(db);
  if (env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM) {
    return { ...twilioSender(env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM), ...queue };
  }
  return { ...outboxSender(db), ...queue };
}

/** Texts whose sending follows the answer, kept until done so a reader of the outbox can wait for them. */
function textQueue(db: Database): Pick<SmsSender, "afterAnswer" | "settled"> {
  const pending = new Set<Promise<void>>();
  return {
    afterAnswer(work) {
      // setImmediate: the answer is written before any of this work starts
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => work(db))
        .then(
          () => undefined,
          (error: unknown) => log.error("A text sent after its answer failed", error),
        )
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    async settled() {
      await Promise.all(pending);
    },
  };
}

function twilioSender(sid: string, token: string, from: string): Pick<SmsSender, "kind" | "send"> {
  return {
    kind: "twilio",
    async send(to, body) {
      const response = await fetch(`https://api.twilio.com/2010-04-01/Accounts/${sid}/Messages.json`, {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${sid}:${token}`).toString("base64")}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ To: to, From: from, Body: body }),
      });
      if (!response.ok) {
        const detail = (await response.json().catch(() => ({}))) as { message?: string };
        throw new Error(detail.message ?? `Twilio answered ${response.status}`);
      }
    },
  };
}

function outboxSender(appDb: Database): Pick<SmsSender, "kind" | "send"> {
  return {
    kind: "outbox",
    async send(to, body, expiresAt, otpId, db = appDb) {
      await db.delete(smsOutbox).where(lt(smsOutbox.expiresAt, new Date()));
      await db.insert(smsOutbox).values({ id: newId(), to, body, expiresAt, otpId: otpId ?? null });
      log.info(`[sms outbox] to ${to}: ${body}`);
    },
  };
}
