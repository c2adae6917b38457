// The users module's only public face (ARCHITECTURE §2): its routes and what other modules may call.
export { userRoutes } from "./routes";
export {
  listUsers,
  locationsOf,
  userListPage,
  indexedSearchCondition as userIndexedSearch,
  phoneCondition as userPhoneSearch,
  searchCondition as userSearch,
  userEntity,
} from "./service";
