/** Who may read and write a chat, start one, and change a message. */

/** Only members read or write a chat; to anyone else it does not exist. `member`: the viewer's row in it. */
export function canUseChat(member: { userId: string } | undefined): boolean {
  return member !== undefined;
}

/** A chat is between members; nobody starts one with themselves alone. */
export function canStartChatWith(viewerId: string, memberId: string): boolean {
  return memberId !== viewerId;
}

/** Only the sender edits or deletes a message. */
export function canChangeMessage(viewerId: string, message: { senderId: string }): boolean {
  return message.senderId === viewerId;
}
