/** Being built (issue 5/6): replaced by the feature's real screen. */
export function NotificationsScreen() {
  return null;
}
