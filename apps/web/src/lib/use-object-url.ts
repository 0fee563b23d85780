import { useEffect, useState } from "react";

/**
 * A blob: URL for previewing `file`, revoked when the file changes or the component goes away. Null
 * until the URL of this very file is made: the render right after another file is chosen must not show
 * (or measure) the previous file's revoked URL as the new file's.
 */
export function useObjectUrl(file: Blob | null): string | null {
  const [made, setMade] = useState<{ file: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!file) {
      setMade(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setMade({ file, url });
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return made && made.file === file ? made.url : null;
}
