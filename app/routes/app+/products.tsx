import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { deleteProductAction, productListLoader } from "~/services/products.server";
import { ProductList } from "~/components/product/ProductList";
import { GeneralError } from "~/components/layout/GeneralError";
import tableCss from "~/styles/table.css?url";
import productListCss from "~/styles/product-list.css?url";

// spec 2 §2 Product list: the shop owner's and staff's own shop (from the session); for an admin 'Page not found' (spec 1 §2)
export const handle = { roles: ["shopOwner", "staff"] as const, title: "Products" };
export const meta: MetaFunction = () => [{ title: "Products" }];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: productListCss },
];

export const loader = productListLoader(false);

export const action = ({ request }: ActionFunctionArgs) => deleteProductAction(request);

export default function Products() {
  const data = useLoaderData<typeof loader>();
  return <ProductList headingLevel={1} csv="/app/products/export" csvImport="/app/products/import" {...data} />;
}

export function ErrorBoundary() {
  return <GeneralError />;
}
