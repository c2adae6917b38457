// Client-safe helpers of the stream pages (spec 3 §2 Stream list, Stream viewer; §4 Stream status).
import { STREAM_STATUSES, STREAM_STATUS_LABELS, type StreamStatus } from "#contract/streams/streams";
import { select } from "./list-filters";
import { prefixedListParams } from "./url-state";

// ARCHITECTURE §5: staff see the streams menu and list with any of the stream module's access types
export const STREAM_LIST_ACCESS = { roles: ["admin", "shopOwner", "staff"], module: "stream" } as const;
/** /app/stream: every shop's streams, for admins */
export const ALL_STREAMS_ACCESS = { roles: ["admin"] } as const;

/**
 * The URL params that open the viewer over a list: ?dialog=view&id=… (so it works as a page without JavaScript), and
 * its live chat's older messages (?before=, CHAT_PARAMS.before); closing the viewer drops them all.
 */
export const STREAM_VIEWER_PARAMS = ["dialog", "id", "before"] as const;
export const STREAM_VIEWER = "view";

/** The status filter's choices, shown as the spec writes them (SCHEDULED, LIVE, PAST, PROMOTED, ARCHIVED). */
export const STREAM_STATUS_OPTIONS = STREAM_STATUSES.map((value) => ({ value, label: STREAM_STATUS_LABELS[value] }));

/** The stream list's filters (spec 3 §2): a known status, and a department (its choices are loaded with the list). */
export const STREAM_LIST_FILTERS = {
  status: select("Status", { all: "All", options: STREAM_STATUS_OPTIONS, onlyListed: true }),
  category: select("Department", { all: "All" }),
};

export const STREAM_STATUS_COLOR: Record<StreamStatus, "blue" | "red" | "gray" | "green" | "orange"> = {
  created: "blue",
  broadcasting: "red",
  finished: "gray",
  promoted: "green",
  archived: "orange",
};

/** spec 3 §2: the department column shows the first 3 category tags, then +N. */
export const TAGS_SHOWN = 3;
/** spec 3 §2: the viewer cuts product names at 60 characters. */
export const PRODUCT_NAME_MAX = 60;
export const cutName = (name: string, max = PRODUCT_NAME_MAX) => (name.length > max ? `${name.slice(0, max)}…` : name);
/** spec 3 §2: the like counter shows 99+ above 99. */
export const likesText = (likes: number) => (likes > 99 ? "99+" : String(likes));

/** What the player plays (spec 3 §2): a live stream its live address, the others the recording or the uploaded video. */
export function playback(stream: {
  status: StreamStatus;
  viewURL: string | null;
  streamVideo: string | null;
  video: string | null;
}) {
  if (stream.status === "broadcasting" && stream.viewURL) return { live: true, src: stream.viewURL };
  const src = stream.streamVideo ?? stream.video;
  return src ? { live: false, src } : null;
}

/** The campaign edit page's Streams card keeps its page, size and sort under sPage, sLimit, sSort, sSortType. */
export const CAMPAIGN_STREAM_PARAMS = prefixedListParams("s");

/** A stream is finished (spec 3 §4), also once archived: it cannot be edited, nor its products promoted. */
export { isStreamFinished } from "#contract/streams/streams";
