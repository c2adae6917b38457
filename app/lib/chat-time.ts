import { Streami18n, type FormatterFactory } from "stream-chat-react";
import { formatDate, formatDateTime } from "~/lib/format";

// stream-chat-react writes times through its translations (Streami18n: each `timestamp/…` key names a formatter),
// by default 24-hour message times, calendar times in the channel list and US dates in the date separators. The
// console's formats are spec 1 §9's: dates DD/MM/YYYY and times DD/MM/YYYY, hh:mm A in the marketplace's zone,
// which the server-rendered chat (ChannelPane, the channel list) writes with formatDateTime. These formatters hand
// stream-chat-react the same functions, so a message shows the same time with and without JavaScript.

/** The formatters' names and the translations that use them. */
export const CHAT_TIME_TRANSLATIONS = {
  "timestamp/MessageTimestamp": "{{ timestamp | consoleDateTime }}",
  "timestamp/ChannelPreviewTimestamp": "{{ timestamp | consoleDateTime }}",
  "timestamp/DateSeparator": "{{ timestamp | consoleDate }}",
  "timestamp/SystemMessage": "{{ timestamp | consoleDate }}",
} as const;

/** A Streami18n (English) writing chat's dates and times as the rest of the console does. */
export function chatI18n() {
  const consoleDateTime: FormatterFactory<string | Date> = () => (value) => formatDateTime(value);
  const consoleDate: FormatterFactory<string | Date> = () => (value) => formatDate(value);
  return new Streami18n({
    language: "en",
    formatters: { consoleDateTime, consoleDate },
    translationsForLanguage: CHAT_TIME_TRANSLATIONS,
  });
}
