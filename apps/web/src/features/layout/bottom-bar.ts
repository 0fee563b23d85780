/** Sections whose own path and subpaths hide the generic bottom bar (spec §2, Layout). */
const HIDDEN_SECTIONS = [
  "login",
  "forgot",
  "profile",
  "edit-profile",
  "flicks",
  "post",
  "settings",
  "chat",
  "notifications",
  "search",
];

/** Spec §2: the bottom bar shows everywhere except on /, the sections above and their subpaths. */
export function isBottomBarHidden(pathname: string): boolean {
  // The router matches paths case-insensitively, so this rule does too.
  const path = pathname.toLowerCase();
  if (path === "/" || path === "") return true;
  const section = path.split("/")[1] ?? "";
  return HIDDEN_SECTIONS.includes(section);
}
