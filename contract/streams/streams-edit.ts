// Client-safe constants of the stream add and edit forms (spec 3 §5; ADR 0037). The zod schemas are in
// streams-edit-api.ts (the API's) and streams-edit-form.ts (the page's and the modal's readings).

/** The longest stream name (ours: the spec gives only the campaign stream's 20; the table holds 200). */
export const STREAM_NAME_MAX = 100;

/** spec 3 §5 Campaign stream form, §9: a campaign's stream title is 5 to 20 characters. */
export const CAMPAIGN_STREAM_NAME_MIN = 5;
export const CAMPAIGN_STREAM_NAME_MAX = 20;
