import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Button } from "@radix-ui/themes";
import { Link } from "~/components/remix";
import { CAMPAIGN_PAGE } from "~/lib/campaigns";
import { listHref } from "~/lib/url-state";
import type { AcceptedAnswer } from "~/lib/accepted-influencer";
import { acceptedInfluencerAction, acceptedInfluencerLoader } from "~/services/accepted-influencer.server";
import {
  InfluencerCard,
  PaymentsCard,
  ProductDrawer,
  TransactionsCard,
} from "~/components/campaign/AcceptedInfluencer";
import { StreamViewer } from "~/components/stream/StreamViewer";
import { GeneralError } from "~/components/layout/GeneralError";
import streamsCss from "~/styles/streams.css?url";
import acceptedCss from "~/styles/accepted-influencer.css?url";
import chatCss from "~/styles/chat.css?url";
import { PageHeader } from "~/components/layout/PageHeader";

// spec 3 §2 Accepted-influencer page: {app}/edit-campaign/{id}/accept-influencer/{influencerId} (its own page, not
// inside the edit page: the trailing underscore). Admins, the campaign's shop owner and staff with campaign 'edit'
// change the terms and payments; staff with 'view' read them. Another shop's campaign, or an influencer not accepted
// in it, is 'Page not found'.
export const handle = { ...CAMPAIGN_PAGE, title: "Influencer" };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? data.influencer.name : "Influencer" }];

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: streamsCss },
  { rel: "stylesheet", href: acceptedCss },
  { rel: "stylesheet", href: chatCss },
];

export const loader = acceptedInfluencerLoader;
export const action = acceptedInfluencerAction;

export default function AcceptedInfluencerPage() {
  const data = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const chatError = posted && "chatError" in posted ? posted.chatError : null;
  const answer = (chatError ? null : (posted ?? null)) as AcceptedAnswer | null;
  const location = useLocation();
  const back = `/app/edit-campaign/${data.campaign._id}?tab=accepted`;
  return (
    <>
      <PageHeader title={data.influencer.name}>
        <Button asChild variant="soft">
          <Link to={back}>Go Back</Link>
        </Button>
      </PageHeader>
      <InfluencerCard
        influencer={data.influencer}
        tab={data.tab}
        streams={data.streams}
        streamsError={data.streamsError}
      />
      <PaymentsCard
        terms={data.terms}
        termsError={data.termsError}
        payout={data.payout}
        canEdit={data.canEdit}
        subcategories={data.subcategories}
        answer={answer}
        addProductHref={listHref(location, { drawer: "products" })}
      />
      <TransactionsCard
        transactions={data.transactions}
        error={data.transactionsError}
        canEdit={data.canEdit}
        answer={answer}
      />
      {data.drawer ? (
        <ProductDrawer
          data={data.drawer}
          closeHref={listHref(location, { drawer: null, product: null, search: null })}
          answer={answer}
        />
      ) : null}
      {data.viewed ? (
        <StreamViewer
          key={data.viewed._id}
          stream={data.viewed}
          room={null}
          closeHref={listHref(location, { dialog: null, id: null })}
          canArchive={false}
          chat={data.chat}
          chatError={chatError}
        />
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
