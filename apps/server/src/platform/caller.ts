/** The signed-in caller: the member and the session their token belongs to. */
export interface Caller {
  userId: string;
  sessionId: string;
  username: string;
}
