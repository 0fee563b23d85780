import { Link } from "react-router";
import { tagPath } from "../../../lib/paths";
import { splitCaption } from "../caption-tags";

const tagLinkClass = "rounded font-medium text-fuchsia-700 hover:underline";

/**
 * Caption text with each `#tag` a link to its tag page. Rendered as React text and links, never as
 * HTML, so a caption can hold anything.
 */
export function TaggedText({ text, linkClassName = tagLinkClass }: { text: string; linkClassName?: string }) {
  return splitCaption(text).map((part, index) =>
    part.tag === undefined ? (
      part.text
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order; a tag may repeat
      <Link key={index} to={tagPath(part.tag)} className={linkClassName}>
        {part.text}
      </Link>
    ),
  );
}
