import type { Database } from "../db/client";
import type { Env } from "./env";
import type { Storage } from "./storage";
import type { SmsSender } from "./sms";

/** Everything a handler needs from outside; tests build their own. */
export interface Deps {
  env: Env;
  db: Database;
  storage: Storage;
  sms: SmsSender;
  now: () => Date;
}
