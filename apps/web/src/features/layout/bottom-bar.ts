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
  // Our tag pages (issue 18) belong to search and explore: the six tabs show there too, Search lit.
  "tags",
];

/**
 * Spec §2: the bottom bar shows everywhere except on /, the sections above and their subpaths (and our
 * tag pages, part of explore).
 */
export function isBottomBarHidden(pathname: string): boolean {
  // The router matches paths case-insensitively, so this rule does too.
  const path = pathname.toLowerCase();
  if (path === "/" || path === "") return true;
  const section = path.split("/")[1] ?? "";
  return HIDDEN_SECTIONS.includes(section);
}
