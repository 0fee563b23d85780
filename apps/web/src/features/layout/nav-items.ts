import type { ComponentType } from "react";
import { BellIcon, FlicksIcon, HomeIcon, NewPostIcon, SearchIcon, UserIcon } from "../../components/icons";

export type TabId = "home" | "search" | "flicks" | "new-post" | "notifications" | "profile";

export interface NavItem {
  id: TabId;
  to: string;
  label: string;
  icon: ComponentType<{ className?: string }>;
  /**
   * Whether this tab is the current one for the signed-in member (`username`); the router's own
   * matching would light Home on /post/new too, and Profile on everyone's profile.
   */
  isActive: (pathname: string, username: string | null) => boolean;
}

const isSection = (section: string) => (pathname: string) => {
  const path = pathname.toLowerCase();
  return path === section || path.startsWith(`${section}/`);
};

/** A tag page (issue 18) is part of search and explore. */
const isExplore = (pathname: string) => isSection("/search")(pathname) || isSection("/tags")(pathname);

const isHome = (pathname: string) => isSection("/post")(pathname) && !isSection("/post/new")(pathname);

/** The member's own profile (/profile, or /profile/{their username}); another member's is no tab's. */
function isOwnProfile(pathname: string, username: string | null): boolean {
  if (!isSection("/profile")(pathname)) return false;
  const [, , named] = pathname.split("/");
  if (!named) return true;
  try {
    return username !== null && decodeURIComponent(named).toLowerCase() === username.toLowerCase();
  } catch {
    return false; // A malformed address names no one.
  }
}

/** The six tabs of spec §2, in the spec's order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { id: "home", to: "/post", label: "Home", icon: HomeIcon, isActive: isHome },
  { id: "search", to: "/search", label: "Search", icon: SearchIcon, isActive: isExplore },
  { id: "flicks", to: "/flicks", label: "Flicks", icon: FlicksIcon, isActive: isSection("/flicks") },
  { id: "new-post", to: "/post/new", label: "New post", icon: NewPostIcon, isActive: isSection("/post/new") },
  {
    id: "notifications",
    to: "/notifications",
    label: "Notifications",
    icon: BellIcon,
    isActive: isSection("/notifications"),
  },
  { id: "profile", to: "/profile", label: "Profile", icon: UserIcon, isActive: isOwnProfile },
];
