import type { ActionFunctionArgs, LinksFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useParams } from "@remix-run/react";
import { shopStreamsAction, streamListLoader } from "~/services/streams.server";
import { STREAM_LIST_ACCESS } from "~/lib/streams";
import { savedThenReturnHeaders } from "~/services/toast.server";
import { StreamList } from "~/components/stream/StreamList";
import { GeneralError } from "~/components/layout/GeneralError";
import tableCss from "~/styles/table.css?url";
import streamsCss from "~/styles/streams.css?url";
import chatCss from "~/styles/chat.css?url";
import streamFormCss from "~/styles/stream-form.css?url";

// spec 3 §2 Stream list: the shop page's Streams tab; admins for any shop, the shop's own owner and staff (with the
// stream module) for theirs
export const handle = { roles: STREAM_LIST_ACCESS.roles };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: streamsCss },
  { rel: "stylesheet", href: chatCss },
  { rel: "stylesheet", href: streamFormCss },
];
export const headers = savedThenReturnHeaders;

export const loader = streamListLoader("shop");
export const action = (args: ActionFunctionArgs) => shopStreamsAction(args);

export default function ShopStreams() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { id } = useParams();
  return (
    <StreamList
      data={data}
      answer={answer}
      headingLevel={2}
      csv={`/app/shop/${encodeURIComponent(id ?? "")}/streams/export`}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
