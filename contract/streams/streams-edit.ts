// Client-safe constants of the stream add and edit forms (spec 3 §5; ADR 0037). The zod schemas are in
// streams-edit-api.ts (the API's) and streams-edit-form.ts (the page's and the modal's readings).

/** The longest stream name (ours: the spec gives only the campaign stream's 20; the table holds 200). */
export const STREAM_NAME_MAX = 100;
