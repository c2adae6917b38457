import { Badge, Flex, Text } from "~/components/plain";
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
    // View/Edit opens the edit page, for those who may edit; Revenue opens the campaign's revenue dashboard (spec 3
    // §2), for everyone who sees the list
    actionsColumn<CampaignEntity>((c) => (
      <Flex gap="2">
        {canEdit ? (
          <RowLink label="View/Edit" name={`View or edit ${c.title}`} to={`/app/edit-campaign/${c._id}`} />
        ) : null}
        <RowLink label="Revenue" name={`Revenue of ${c.title}`} to={`/app/campaigns/${c._id}/dashboard`} />
      </Flex>
    )),
  ];
}
