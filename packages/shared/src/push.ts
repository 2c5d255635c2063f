// Messages of the push websocket /ws/msg/{group_id}/.

/** A message from the server; its codes are PUSH_CODE of codes.ts. */
export interface PushMessage {
  code: number;
  message: string;
}
