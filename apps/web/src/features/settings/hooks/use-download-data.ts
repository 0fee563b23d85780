import { useMutation } from "@tanstack/react-query";
import { failureText } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { downloadUserData } from "../api/settings.api";

export const DATA_FILE_NAME = "user-data.json";

/** Hands a file the page holds to the browser's downloads, under `name`. */
function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it started; the page's can go.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** GET /user/download-data, saved as user-data.json (spec §7), with spec §8's toasts. */
export function useDownloadData() {
  return useMutation({
    mutationFn: downloadUserData,
    onSuccess: (blob) => {
      saveFile(blob, DATA_FILE_NAME);
      toast.success("Data download started!");
    },
    onError: (error) => {
      console.error("Data download failed", error);
      toast.error(failureText(error, "Failed to download data"));
    },
  });
}
