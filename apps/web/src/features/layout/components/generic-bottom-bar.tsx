import { Link } from "react-router";
import { FlicksIcon, HomeIcon, UserIcon } from "../../../components/icons";

const LINKS = [
  { to: "/post", label: "Home", icon: HomeIcon },
  { to: "/flicks", label: "Flicks", icon: FlicksIcon },
  { to: "/profile", label: "Profile", icon: UserIcon },
];

/** The spec's generic bottom bar, shown only where `isBottomBarHidden` allows (the 404 page, reel links). */
export function GenericBottomBar() {
  return (
    <nav
      aria-label="Quick links"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-zinc-200 bg-white/90 pb-[env(safe-area-inset-bottom)] backdrop-blur-md"
    >
      <ul className="mx-auto flex h-16 max-w-md items-stretch justify-around">
        {LINKS.map(({ to, label, icon: Icon }) => (
          <li key={to} className="flex">
            <Link
              to={to}
              className="flex flex-col items-center justify-center gap-1 rounded-xl px-6 text-xs font-medium text-zinc-600 transition hover:text-zinc-900"
            >
              <Icon className="size-6" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
