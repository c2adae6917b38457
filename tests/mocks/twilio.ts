import { randomUUID } from "node:crypto";
import { HttpResponse, http } from "msw";

/** A text Twilio accepted, for tests to inspect. */
export interface TwilioMessage {
  accountSid: string;
  to: string;
  from: string;
  body: string;
}
export const twilioSent: TwilioMessage[] = [];

/**
 * Twilio's Messages resource: checks HTTP basic auth (account SID and auth token) and the form fields,
 * answers 201 like Twilio, or Twilio's error shape.
 */
export const twilioHandlers = [
  http.post("https://api.twilio.com/2010-04-01/Accounts/:sid/Messages.json", async ({ request, params }) => {
    const [user] = Buffer.from((request.headers.get("authorization") ?? "").replace(/^Basic /, ""), "base64")
      .toString()
      .split(":");
    if (!user || user !== params.sid) {
      return HttpResponse.json(
        { code: 20003, message: "Authenticate", more_info: "https://www.twilio.com/docs/errors/20003", status: 401 },
        { status: 401 },
      );
    }
    const form = new URLSearchParams(await request.text());
    const message = {
      accountSid: String(params.sid),
      to: form.get("To") ?? "",
      from: form.get("From") ?? "",
      body: form.get("Body") ?? "",
    };
    if (!message.to || !message.body) {
      return HttpResponse.json(
        { code: 21604, message: "A 'To' phone number is required.", status: 400 },
        { status: 400 },
      );
    }
    twilioSent.push(message);
    return HttpResponse.json(
      {
        sid: `SM${randomUUID().replace(/-/g, "")}`,
        status: "queued",
        to: message.to,
        from: message.from,
        body: message.body,
      },
      { status: 201 },
    );
  }),
];
