import type { ActionFunctionArgs, LinksFunction } from "@remix-run/node";
import { useLoaderData, useParams } from "@remix-run/react";
import { deleteProductAction, productListLoader } from "~/services/products.server";
import { ProductList } from "~/components/product/ProductList";
import { GeneralError } from "~/components/layout/GeneralError";
import tableCss from "~/styles/table.css?url";
import productListCss from "~/styles/product-list.css?url";

// spec 1 §2 / spec 2 §2: the shop page's Products tab; admins for any shop, the shop's own owner and staff (with a
// product access type) for theirs
export const handle = { roles: ["admin", "shopOwner", "staff"] as const };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: productListCss },
];

export const loader = productListLoader(true);

export const action = ({ request, params }: ActionFunctionArgs) => deleteProductAction(request, params.id ?? "");

export default function ShopProducts() {
  const data = useLoaderData<typeof loader>();
  const { id } = useParams();
  return <ProductList headingLevel={2} csv={`/app/shop/${encodeURIComponent(id ?? "")}/products/export`} {...data} />;
}

export function ErrorBoundary() {
  return <GeneralError />;
}
