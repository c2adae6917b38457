import type { CampaignEntity } from "#contract/campaigns/campaigns-api";
import { ListPage } from "~/components/table/ListPage";
import type { ListData } from "~/components/table/ListPage";
import { campaignColumns } from "./CampaignList";

/** The campaign list, on its own page (owners) or as the shop page's tab (admins). */
export function CampaignListPage({
  data,
  headingLevel = 1,
  addHref,
  csv,
}: {
  data: ListData<CampaignEntity> & { canAdd: boolean; canEdit: boolean };
  headingLevel?: 1 | 2;
  addHref: string;
  /** the list's CSV export route, on the owner's own page */
  csv?: string;
}) {
  return (
    <ListPage
      title="Campaigns"
      csv={csv}
      headingLevel={headingLevel}
      add={data.canAdd ? { label: "Add Campaign", to: addHref } : null}
      search={{ label: "Search campaigns", placeholder: "Search campaign title" }}
      noun="campaigns"
      columns={campaignColumns(data.canEdit)}
      data={data}
    />
  );
}
