// The users module's only public face (ARCHITECTURE §2): its routes and what other modules may call.
export { deleteUserRoute, userRoutes } from "./routes";
export {
  listUsers,
  locationsOf,
  userDetails,
  userListPage,
  indexedSearchCondition as userIndexedSearch,
  phoneCondition as userPhoneSearch,
  searchCondition as userSearch,
  userEntity,
} from "./service";
