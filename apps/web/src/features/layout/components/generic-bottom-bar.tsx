import { Link } from "react-router";
import { FlicksIcon, HomeIcon, UserIcon } from "../../../components/icons";
import { Wordmark } from "../../../components/wordmark";

const LINKS = [
  { to: "/post", label: "Home", icon: HomeIcon },
  { to: "/flicks", label: "Flicks", icon: FlicksIcon },
  { to: "/profile", label: "Profile", icon: UserIcon },
];

/**
 * The spec's generic bottom bar, shown only where `isBottomBarHidden` allows (the 404 page, reel links).
 * A bar on phones and tablets; from 1024px a left rail like the six tabs' (a phone's bar across a desktop
 * screen looks unfinished). Under the app header it starts below it; alone it carries the wordmark.
 */
export function GenericBottomBar({ underHeader = false }: { underHeader?: boolean }) {
  return (
    <nav
      aria-label="Quick links"
      className={`fixed inset-x-0 bottom-0 z-30 border-t border-zinc-200 bg-white/90 pb-[env(safe-area-inset-bottom)] backdrop-blur-md lg:right-auto lg:w-60 lg:border-t-0 lg:border-r lg:bg-white lg:pb-0 ${
        underHeader ? "lg:top-16" : "lg:top-0 lg:pt-6"
      }`}
    >
      {!underHeader && (
        <Link to="/post" aria-label="Flik home" className="mx-6 mb-8 hidden w-fit rounded-lg lg:flex">
          <Wordmark />
        </Link>
      )}
      <ul className="mx-auto flex h-16 max-w-md items-stretch justify-around lg:h-auto lg:max-w-none lg:flex-col lg:gap-1 lg:p-3">
        {LINKS.map(({ to, label, icon: Icon }) => (
          <li key={to} className="flex">
            <Link
              to={to}
              className="flex flex-col items-center justify-center gap-1 rounded-xl px-6 text-xs font-medium text-zinc-600 transition hover:text-zinc-900 lg:flex-1 lg:flex-row lg:justify-start lg:gap-3.5 lg:px-4 lg:py-3 lg:text-sm lg:hover:bg-zinc-100"
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
