/** Who may read and write a chat, and who may change a message. */

/** Only members read or write a chat; to anyone else it does not exist. */
export function canUseChat(membership: unknown): boolean {
  return membership !== undefined && membership !== null;
}

/** Only the sender edits or deletes a message. */
export function canChangeMessage(viewerId: string, message: { senderId: string }): boolean {
  return message.senderId === viewerId;
}
