// Room names shared by the socket server (joins) and the outbox dispatcher (emits).
export const userRoom = (userGuid: string) => `user:${userGuid}`;
export const sessionRoom = (sessionGuid: string) => `session:${sessionGuid}`;
