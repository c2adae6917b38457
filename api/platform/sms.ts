import { lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { smsOutbox } from "../db/schema";
import type { Env } from "./env";
import { newId } from "./ids";
import { log } from "./log";

/**
 * Sends a text message; `expiresAt` says how long its content matters (the outbox keeps it that long), and `otpId`
 * names the one-time code it carries (the outbox shows it only while that code lives).
 */
export interface SmsSender {
  /** "outbox" is the demo provider: nothing leaves the machine */
  kind: "twilio" | "outbox";
  send(to: string, body: string, expiresAt: Date, otpId?: string): Promise<void>;
}

export function createSms(env: Env, db: Database): SmsSender {
  if (env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM) {
    return twilioSender(env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM);
  }
  return outboxSender(db);
}

function twilioSender(sid: string, token: string, from: string): SmsSender {
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

function outboxSender(db: Database): SmsSender {
  return {
    kind: "outbox",
    async send(to, body, expiresAt, otpId) {
      await db.delete(smsOutbox).where(lt(smsOutbox.expiresAt, new Date()));
      await db.insert(smsOutbox).values({ id: newId(), to, body, expiresAt, otpId: otpId ?? null });
      log.info(`[sms outbox] to ${to}: ${body}`);
    },
  };
}
