/**
 * The messages a page shows by itself in the browser (upload checks, dialogs, copy results, error pages). Client code imports
 * these from here, never `MSG`, so a page ships these few texts instead of every message of the API (ADR 0021).
 * `MSG` in messages.ts includes all of them; server code keeps using `MSG`.
 */
export * as UI_MSG from "./ui-messages";
