import { useEffect, useState } from "react";

type PhoneFormat = (e164: string) => string;
const asStored: PhoneFormat = (e164) => e164;

/**
 * How the settings screen shows the member's stored number: as people read it ("+1 415 555 2671") once
 * the rule's metadata has come (it loads with the screen when there is a number to show, ahead of the
 * Phone panel that needs it too), as stored ("+14155552671") until then or if it cannot load.
 */
export function usePhoneFormat(phone: string | null | undefined): PhoneFormat {
  const [format, setFormat] = useState<PhoneFormat>(() => asStored);
  const hasPhone = Boolean(phone);
  useEffect(() => {
    if (!hasPhone) return;
    let current = true;
    import("../phone-format")
      .then(({ formatPhone }) => {
        if (current) setFormat(() => formatPhone);
      })
      // Offline or a new deployment's files: the number as stored still says it.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [hasPhone]);
  return format;
}
