import { Badge, Text } from "~/components/plain";
import type { CampaignStatus } from "#contract/campaigns/campaigns";
import type { CampaignEntity } from "#contract/campaigns/campaigns-api";
import { formatDate } from "~/lib/format";
import type { Column } from "~/components/table/DataTable";
import { RowLink, actionsColumn } from "~/components/table/RowActions";

// spec 3 §2 Campaign list: title, thumbnail, start, end, status (Upcoming, Draft, Past, Ongoing); View/Edit and Revenue.

const STATUS_COLOR: Record<CampaignStatus, "blue" | "gray" | "red" | "green"> = {
  Upcoming: "blue",
  Draft: "gray",
  Past: "red",
  Ongoing: "green",
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} data-testid="campaign-status">
      {status}
    </Badge>
  );
}

export function campaignColumns(canEdit: boolean): Column<CampaignEntity>[] {
  return [
    { key: "title", header: "Title", sort: "title", cell: (c) => <Text weight="medium">{c.title}</Text> },
    {
      key: "thumbnail",
      header: "Thumbnail",
      width: 72,
      cell: (c) =>
        c.thumbnail ? (
          <img src={c.thumbnail} alt={`${c.title} thumbnail`} width={48} height={48} loading="lazy" />
        ) : (
          <Text color="gray">--</Text>
        ),
    },
    {
      key: "start",
      header: "Start",
      sort: "start",
      cell: (c) => <span className="nowrap">{c.start ? formatDate(c.start) : "--"}</span>,
    },
    {
      key: "end",
      header: "End",
      sort: "end",
      cell: (c) => <span className="nowrap">{c.end ? formatDate(c.end) : "--"}</span>,
    },
    { key: "status", header: "Status", cell: (c) => <CampaignStatusBadge status={c.status} /> },
    // the revenue dashboard and a read-only campaign page come with their own pages: until then the row opens the
    // edit page, for those who may edit
    ...(canEdit
      ? [
          actionsColumn<CampaignEntity>((c) => (
            <RowLink label="View/Edit" name={`View or edit ${c.title}`} to={`/app/edit-campaign/${c._id}`} />
          )),
        ]
      : []),
  ];
}
