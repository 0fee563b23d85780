/**
 * Who may share which kept file (a post's, story's, highlight's media, an avatar): the member who
 * uploaded it, and nobody else. Another member's photo, copied by its address into one's own post,
 * would show their picture as one's own and keep it on the host after they delete it. A file with no
 * known uploader (kept before uploaders were, or another host's) is not judged.
 */
export function canShareMedia(viewerId: string, uploaderId: string | undefined): boolean {
  return uploaderId === undefined || uploaderId === viewerId;
}

export const NOT_YOUR_MEDIA = "You can only share photos and videos you uploaded";
