// Room names shared by the socket server (joins) and the outbox dispatcher (emits).
export const userRoom = (userGuid: string) => `user:${userGuid}`;
export const sessionRoom = (sessionGuid: string) => `session:${sessionGuid}`;
/** The console's live-chat room, in the /backoffice namespace: every staff socket that may read chats. */
export const staffChatRoom = "staff:chat";
