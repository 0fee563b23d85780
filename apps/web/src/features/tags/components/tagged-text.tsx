import { Link } from "react-router";
import { profilePath, tagPath } from "../../../lib/paths";
import { splitCaption } from "../caption-tags";

const tagLinkClass = "rounded font-medium text-fuchsia-700 hover:underline";

/**
 * Caption text with each `#tag` a link to its tag page and each `@mention` a link to that member's
 * profile. Rendered as React text and links, never as HTML, so a caption can hold anything. Each link
 * is its own direction's island (`dir="auto"` isolates it): in a right-to-left caption, @maya_travels
 * keeps its @ before the name, and #שלום its # before the word.
 */
export function TaggedText({ text, linkClassName = tagLinkClass }: { text: string; linkClassName?: string }) {
  return splitCaption(text).map((part, index) => {
    const to = part.tag !== undefined ? tagPath(part.tag) : part.mention && profilePath(part.mention);
    return to ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order; a tag may repeat
      <Link key={index} to={to} dir="auto" className={linkClassName}>
        {part.text}
      </Link>
    ) : (
      part.text
    );
  });
}
