import { Badge, Flex, Text } from "~/components/plain";
import type { SerializeFrom } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { STREAM_STATUS_LABELS } from "#contract/streams/streams";
import type { StreamDetail, StreamEntity } from "#contract/streams/streams-api";
import { formatDateTime } from "~/lib/format";
import { listHref } from "~/lib/url-state";
import {
  STREAM_LIST_FILTERS,
  STREAM_STATUS_COLOR,
  STREAM_VIEWER,
  STREAM_VIEWER_PARAMS,
  TAGS_SHOWN,
} from "~/lib/streams";
import type { Column } from "~/components/table/DataTable";
import { ListPage, type ListData } from "~/components/table/ListPage";
import { PersonCell } from "~/components/table/PersonCell";
import { RowLink, actionsColumn } from "~/components/table/RowActions";
import { SavedThenReturn } from "~/components/form/SavedThenReturn";
import { answerOf } from "~/components/form/form-answer";
import type { shopStreamsAction } from "~/services/streams.server";
import { StreamViewer } from "./StreamViewer";
import type { StreamChatView } from "~/lib/stream-chat";
import type { LiveRoom } from "#contract/streams/stream-room-api";
// the shop page's Add Stream modal (streams-edit)
import type { StreamFormOptions } from "#contract/streams/streams-edit-api";
import { ADD_STREAM_DIALOG } from "~/lib/stream-form";
import { AddStreamDialog } from "./AddStreamDialog";

/** spec 3 §2: the first 3 category tags, then +N. */
function DepartmentTags({ categories }: { categories: StreamEntity["categories"] }) {
  if (!categories.length) return <Text color="gray">—</Text>;
  const rest = categories.length - TAGS_SHOWN;
  return (
    <Flex gap="1" wrap="wrap">
      {categories.slice(0, TAGS_SHOWN).map((c) => (
        <Badge key={c._id} variant="soft" color="gray">
          {c.name}
        </Badge>
      ))}
      {rest > 0 ? (
        <Badge
          variant="outline"
          color="gray"
          title={categories
            .slice(TAGS_SHOWN)
            .map((c) => c.name)
            .join(", ")}
        >
          +{rest}
        </Badge>
      ) : null}
    </Flex>
  );
}

/** spec 3 §2, §4: finished streams cannot be edited (an archived one that will return to finished neither). */
const editable = (s: StreamEntity) =>
  s.status !== "finished" && !(s.status === "archived" && s.archiveStatus === "finished");

/**
 * A stream table's columns (spec 3 §2 Stream list; Campaign streams table, which names two of them differently, sorts
 * by name, streamer and stream time only, and edits on the campaign's page): `editHref` is null for those who may not edit.
 */
export function streamColumns({
  editHref,
  showShop = false,
  campaign = false,
}: {
  editHref: ((s: StreamEntity) => string) | null;
  showShop?: boolean;
  campaign?: boolean;
}): Column<StreamEntity>[] {
  return [
    { key: "name", header: "Name", sort: "name", cell: (s) => <Text weight="medium">{s.name}</Text> },
    ...(showShop ? [{ key: "shop", header: "Shop", cell: (s: StreamEntity) => s.shop.name }] : []),
    {
      key: "streamer",
      header: campaign ? "Stream By" : "Streamer",
      sort: "streamer",
      cell: (s) => <PersonCell person={s.streamer} />,
    },
    { key: "department", header: "Department", cell: (s) => <DepartmentTags categories={s.categories} /> },
    {
      key: "status",
      header: "Status",
      sort: campaign ? undefined : "status",
      cell: (s) => (
        <Badge color={STREAM_STATUS_COLOR[s.status]} data-testid="stream-status">
          {STREAM_STATUS_LABELS[s.status]}
        </Badge>
      ),
    },
    {
      key: "startDateAndTime",
      header: campaign ? "Stream At" : "Stream Time",
      sort: "startDateAndTime",
      cell: (s) => <span className="nowrap">{formatDateTime(s.startDateAndTime)}</span>,
    },
    actionsColumn((s) => (
      <>
        <RowLink label="View" name={`View ${s.name}`} open={{ dialog: STREAM_VIEWER, id: s._id }} resetPage={false} />
        {editHref && editable(s) ? <RowLink label="Edit" name={`Edit ${s.name}`} to={editHref(s)} /> : null}
      </>
    )),
  ];
}

export interface StreamListData extends ListData<StreamEntity> {
  target: StreamDetail | null;
  /** the live room of the stream the viewer shows, while it is broadcasting (ADR 0040) */
  room?: LiveRoom | null;
  departments: { value: string; label: string }[];
  canSchedule: boolean;
  /** the edit page opens for 'schedule stream' (the form) or 'promote stream' (its Promoted Products card) */
  canEdit: boolean;
  scope: "own" | "shop" | "all";
  /** the Add Stream modal's choices, when the URL opens it on a shop's page (?dialog=add-stream) */
  addStream?: StreamFormOptions | null;
  /** the viewer's live chat (for those who may see it) */
  chat?: StreamChatView | null;
}

/** What a stream list page's action answers: the viewer's archive, and on a shop's page the Add Stream modal's save. */
export type StreamListAnswer = SerializeFrom<typeof shopStreamsAction>;

/**
 * The stream list (spec 3 §2): search, status and department filters, sortable and paged, all in the URL; the viewer
 * over it. `answer`: the page's action data (`useActionData<typeof action>()`).
 */
export function StreamList({
  data,
  answer,
  headingLevel = 1,
  csv,
}: {
  data: StreamListData;
  answer: StreamListAnswer | undefined;
  headingLevel?: 1 | 2;
  /** the list's CSV export route, on the owner's own page */
  csv?: string;
}) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const { saved, reply } = answerOf(answer);
  const closeHref = listHref(location, Object.fromEntries(STREAM_VIEWER_PARAMS.map((p) => [p, null])), {
    resetPage: false,
  });
  const viewing = params.get("dialog") === STREAM_VIEWER && data.target;
  return (
    <ListPage
      csv={csv}
      title={data.scope === "all" ? "All Streams" : "Streams"}
      headingLevel={headingLevel}
      add={
        data.canSchedule && data.scope !== "all"
          ? {
              label: "Add Stream",
              to:
                data.scope === "shop"
                  ? listHref(location, { dialog: ADD_STREAM_DIALOG, id: null }, { resetPage: false })
                  : "/app/add-streams",
            }
          : null
      }
      search={{ label: "Search streams", placeholder: "Search stream name", debounceMs: 400 }}
      filters={{ of: STREAM_LIST_FILTERS, label: "Filter streams", choices: { category: data.departments } }}
      noun="streams"
      columns={streamColumns({
        editHref: data.canEdit ? (s) => `/app/edit-streams/${s._id}` : null,
        showShop: data.scope === "all",
      })}
      data={data}
    >
      {viewing && data.target ? (
        <StreamViewer
          key={data.target._id}
          stream={data.target}
          room={data.room ?? null}
          closeHref={closeHref}
          canArchive={data.canSchedule && !saved}
          error={reply && "error" in reply ? reply.error : undefined}
          chat={data.chat}
          chatError={reply && "chatError" in reply ? reply.chatError : undefined}
        />
      ) : null}
      {params.get("dialog") === ADD_STREAM_DIALOG && data.addStream ? (
        <AddStreamDialog
          options={data.addStream}
          closeHref={closeHref}
          saved={!!saved}
          lastResult={reply && "result" in reply ? reply.result : undefined}
        />
      ) : null}
      {saved ? <SavedThenReturn saved={saved} /> : null}
    </ListPage>
  );
}
