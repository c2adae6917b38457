// Checked by `npm run typecheck` (never run): how the pages' client reads the call table (contract/core/calls.ts).
import type { ApiData, ApiPath } from "~/services/api.server";
import type { BrandEntity } from "#contract/catalogue/brands-api";
import type { callApi } from "~/lib/api.client";
import type { UserDetails, UserEntity } from "#contract/people/users-api";
import type { CategoryDetails, SubcategoryOption } from "#contract/catalogue/categories-api";

type Is<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const yes = <_T extends true>() => {};
const no = <_T extends false>() => {};

// a fixed route names its call; a path with an id fills the route's `:id` segment
yes<Is<ApiData<"GET", "user/list">, UserEntity[]>>();
yes<Is<ApiData<"GET", `user/${string}`>, UserDetails>>();
// a fixed route wins over a route with a parameter in the same place
yes<Is<ApiData<"GET", "category/subcategory-list">, SubcategoryOption[]>>();
yes<Is<ApiData<"GET", `category/${string}`>, CategoryDetails>>();
// a segment never stands for several: user/edit-user/{id} is not GET user/{id}
no<Is<ApiPath<"GET", `user/edit-user/${string}`>, `user/edit-user/${string}`>>();
// an unknown path is not accepted: the parameter becomes the method's routes, which the compiler lists
no<Is<ApiPath<"GET", "users/list">, "users/list">>();
no<Is<ApiPath<"PUT", "user/list">, "user/list">>();

// the browser's helper reads the same table: the method and path choose the answer's type
type BrowserAnswer<M extends "GET" | "POST", P extends string> = Awaited<ReturnType<typeof callApi<M, P>>>;
yes<Is<BrowserAnswer<"POST", "brand">, BrandEntity>>();
yes<Is<BrowserAnswer<"GET", `category/${string}`>, CategoryDetails>>();
