import { useEffect, useState } from "react";

type PhoneFormat = (e164: string) => string;
const asStored: PhoneFormat = (e164) => e164;

/**
 * How the settings screen shows a stored number: as people read it ("+1 415 555 2671") once the rule's
 * metadata has come (it loads with the screen, ahead of the Phone panel that needs it too), as stored
 * ("+14155552671") until then or if it cannot load.
 */
export function usePhoneFormat(): PhoneFormat {
  const [format, setFormat] = useState<PhoneFormat>(() => asStored);
  useEffect(() => {
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
  }, []);
  return format;
}
