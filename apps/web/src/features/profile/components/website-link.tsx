import { LinkIcon } from "../../../components/icons";
import { displayUrl, safeHref } from "../website";

export function WebsiteLink({ website }: { website: string }) {
  const href = safeHref(website);
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="inline-flex max-w-full items-center gap-1.5 rounded text-sm font-semibold text-fuchsia-700 hover:underline"
    >
      <LinkIcon className="size-4 shrink-0" />
      <span className="truncate">{displayUrl(website.trim())}</span>
    </a>
  );
}
