// The chat module's public face (ARCHITECTURE §2): GET chat/token, the embedded service's protocol (ADR 0066) and the
// WebSocket it attaches to a server.
export { chatRoutes } from "./routes";
export { chatProtocol, CHAT_PROTOCOL_PATHS } from "./protocol";
export { CHAT_BASE_PATH, chatProvider } from "./tokens";
export { attachChat } from "./ws";
export { createChannel, chatUserById } from "./service";
export { openOrderChat, openStreamChat, shopImageChanged } from "./product";
