import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import type { InviteCandidate } from "#contract/people/users-api";
import { Badge, Box, Flex, Text, buttonProps } from "~/components/plain";
import { Link } from "~/components/remix";
import { listLoader } from "~/services/list.server";
import { campaignEditDoor } from "~/services/campaign-form.server";
import { CAMPAIGN_PAGE } from "~/lib/campaigns";
import { asOptions, param, select, type FilterSet } from "~/lib/list-filters";
import { FilterForm, SelectFilter, TextFilter } from "~/components/table/FilterForm";
import { SearchBox } from "~/components/table/SearchBox";
import { ListEmpty, ListError } from "~/components/table/ListStates";
import { Pagination } from "~/components/table/Pagination";
import { GeneralError } from "~/components/layout/GeneralError";
import tableCss from "~/styles/table.css?url";
import inviteCss from "~/styles/campaign-invite.css?url";
import { PageHeader } from "~/components/layout/PageHeader";

// spec 3 §2 Invite-influencer list: {app}/edit-campaign/{id}/invite-influencer. Search (400 ms with JavaScript), the
// gender, location and age filters with Apply, and cards of the Approved influencers (GET user/list with campaignId,
// ADR 0061) with a Profile button. The spec's sample shows Location and Age but ignores them; here they filter.
// Admins, the campaign's shop owner and staff with campaign edit (inviting is an edit); another shop's campaign is
// 'Page not found'. Every filter is in the URL.
export const handle = { ...CAMPAIGN_PAGE, title: "Invite Influencer" };
export const meta: MetaFunction = () => [{ title: "Invite Influencer" }];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: inviteCss },
];

/** The spec's gender choices (Male, Female); the location and the age bounds are typed. */
const FILTERS: FilterSet = {
  gender: select("Gender", { all: "All", options: asOptions(["Male", "Female"]) }),
  location: param(),
  ageMin: param(),
  ageMax: param(),
};
const FILTER_NAMES = Object.keys(FILTERS);

/** Where an influencer stands in the campaign, as the card tells it. */
const STATE_LABELS: Record<NonNullable<InviteCandidate["campaignState"]>, string> = {
  invited: "Invited",
  requested: "Requested to join",
  accepted: "Accepted",
  declined: "Declined",
  removed: "Removed",
};
const STATE_COLORS = {
  invited: "blue",
  requested: "blue",
  accepted: "green",
  declined: "gray",
  removed: "red",
} as const;

export const loader = listLoader({
  access: CAMPAIGN_PAGE,
  door: ({ request, params }) => campaignEditDoor(request, params.campaignId),
  filters: FILTERS,
  missingIsNotFound: true,
  list: async (api, query, { door }) => {
    const result = await api.get("user/list", { ...query, role: "influencer", campaignId: door.campaign._id });
    return { ...result, data: result.data as InviteCandidate[] };
  },
  extra: async ({ door }) => ({
    campaign: { _id: door.campaign._id, title: door.campaign.title, isDraft: door.campaign.isDraft },
  }),
});

const AGE_FILTERS = [
  ["ageMin", "Age min"],
  ["ageMax", "Age max"],
] as const;

export default function InviteInfluencerList() {
  const { list, listError, campaign } = useLoaderData<typeof loader>();
  const params = new URLSearchParams(useLocation().search);
  const rows = list?.rows ?? [];
  const filtered = ["search", ...FILTER_NAMES].some((name) => (params.get(name) ?? "") !== "");
  const base = `/app/edit-campaign/${campaign._id}`;
  return (
    <Box>
      <PageHeader title="Invite Influencer" subtitle={campaign.title}>
        <Link to={base} {...buttonProps({ variant: "soft" })}>
          Back
        </Link>
      </PageHeader>
      {campaign.isDraft ? (
        <Text as="p" color="amber" mb="3" role="status">
          This campaign is a draft: publish it before inviting influencers.
        </Text>
      ) : null}

      <Flex className="list-toolbar" gap="4" align="end" justify="between" wrap="wrap" mb="3">
        <SearchBox label="Search influencers" placeholder="Search by name, e-mail, Instagram or TikTok" />
        <FilterForm names={FILTER_NAMES} label="Influencer filters" applyShown>
          <SelectFilter
            label="Gender"
            name="gender"
            options={asOptions(["Male", "Female"])}
            value={params.get("gender") ?? ""}
            allLabel="All"
          />
          <TextFilter
            label="Location"
            name="location"
            value={params.get("location") ?? ""}
            placeholder="City or country"
          />
          {AGE_FILTERS.map(([name, label]) => (
            <TextFilter
              key={name}
              label={label}
              name={name}
              type="number"
              min={1}
              max={100}
              value={params.get(name) ?? ""}
            />
          ))}
        </FilterForm>
      </Flex>

      {listError ? (
        <ListError message={listError} />
      ) : rows.length === 0 ? (
        <ListEmpty
          noun="influencers"
          filtered={filtered}
          count={list?.count ?? 0}
          clear={["search", ...FILTER_NAMES]}
          filteredText="your search or filters"
        />
      ) : (
        <ul className="invite-cards" aria-label="Influencers">
          {rows.map((u) => (
            <li key={u._id} className="invite-card" aria-label={u.fName}>
              {u.image ? (
                <img src={u.image} alt="" width={96} height={96} loading="lazy" />
              ) : (
                <span className="invite-card-blank" />
              )}
              <Text as="p" weight="bold" size="3">
                {u.fName}
              </Text>
              {u.campaignState ? (
                <Badge color={STATE_COLORS[u.campaignState]}>{STATE_LABELS[u.campaignState]}</Badge>
              ) : null}
              <dl>
                <dt>Location</dt>
                <dd>{u.locations.map((l) => l.address).join("; ") || "--"}</dd>
                <dt>Instagram</dt>
                <dd>{u.instaProfileId || "--"}</dd>
                <dt>TikTok</dt>
                <dd>{u.tiktokProfileId || "--"}</dd>
              </dl>
              <Link
                to={`${base}/invite-influencer/${u._id}`}
                aria-label={`Profile of ${u.fName}`}
                {...buttonProps({ size: "1" })}
              >
                Profile
              </Link>
            </li>
          ))}
        </ul>
      )}
      {list && !listError && rows.length ? (
        <Pagination
          count={list.count}
          countEstimated={list.countEstimated}
          isNext={list.isNext}
          shown={rows.length}
          noun="influencers"
        />
      ) : null}
    </Box>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
