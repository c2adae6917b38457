// The streams module's only public face (ARCHITECTURE §2): its routes, and the edit guard the update call uses.
export { streamRoutes } from "./routes";
export { editableStream, STREAM_EDITABLE, visibleStream } from "./service";
// creating and editing
export { streamEditRoutes } from "./edit-routes";
// orders placed from a live stream charge its promotion prices
export { streamForOrder, type OrderStream } from "./order-prices";
// the embed script's public call (ADR 0038): its limit, for the tests
export { EMBED_LIMIT } from "./public";
// promoted products of a stream
export { streamPromotionRoutes } from "./promotion-routes";
// the live room: its sales as they happen (ADR 0040)
export { streamRoomRoutes } from "./room-routes";
export { streamChannel } from "./room";
