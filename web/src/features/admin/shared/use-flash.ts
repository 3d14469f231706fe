import { useEffect, useState } from 'react';

/** How long admin success banners stay (spec §9: 3 seconds). */
export const FLASH_MS = 3000;

/**
 * A message that disappears after `ms`. `show` takes a new message each time (a second save
 * restarts the timer, because each call stores a new object).
 */
export function useFlash(ms = FLASH_MS): [message: string, show: (message: string) => void] {
  const [flash, setFlash] = useState<{ text: string } | null>(null);
  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), ms);
    return () => clearTimeout(timer);
  }, [flash, ms]);
  return [flash?.text ?? '', (text: string) => setFlash({ text })];
}
