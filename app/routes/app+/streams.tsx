import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { streamArchiveAction, streamListLoader } from "~/services/streams.server";
import { STREAM_LIST_ACCESS } from "~/lib/streams";
import { savedThenReturnHeaders } from "~/services/toast.server";
import { StreamList } from "~/components/stream/StreamList";
import { GeneralError } from "~/components/layout/GeneralError";
import tableCss from "~/styles/table.css?url";
import streamsCss from "~/styles/streams.css?url";
import chatCss from "~/styles/chat.css?url";

// spec 3 §2 Stream list: the shop owner's (and staff with the stream module) streams
export const handle = { ...STREAM_LIST_ACCESS, title: "Streams" };
export const meta: MetaFunction = () => [{ title: "Streams" }];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: streamsCss },
  { rel: "stylesheet", href: chatCss },
];
export const headers = savedThenReturnHeaders;

export const loader = streamListLoader("own");
export const action = (args: ActionFunctionArgs) => streamArchiveAction(args, "own");

export default function Streams() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <StreamList data={data} answer={answer} csv="/app/streams/export" />;
}

export function ErrorBoundary() {
  return <GeneralError />;
}
