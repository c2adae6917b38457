import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { runtime } from "#api/runtime";

// every /api/* request goes to the Hono app, body streamed as it came (ARCHITECTURE §1)
const toApi = async ({ request }: LoaderFunctionArgs | ActionFunctionArgs) => (await runtime()).api.fetch(request);

export const loader = toApi;
export const action = toApi;
