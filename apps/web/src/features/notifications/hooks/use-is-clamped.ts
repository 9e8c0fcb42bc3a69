import { useLayoutEffect, useRef, useState } from 'react';

/**
 * Whether a line-clamped element really cuts its text (docs/product.md §2: "read more" only when the text is cut
 * off; the check runs after render). Measured after every render of new text and again whenever the
 * element's size changes (panel shown, window resized, fonts loaded).
 */
export function useIsClamped<T extends HTMLElement>(text: string) {
  const ref = useRef<T>(null);
  const [clamped, setClamped] = useState(false);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // 1 px of slack: sub-pixel line heights round differently in scrollHeight and clientHeight.
    const measure = () => setClamped(element.scrollHeight > element.clientHeight + 1);
    // The observer reports the element once after the browser's own layout; measuring here instead would
    // force that layout inside the render's task (a long task on a phone, decision 016).
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text]);

  return [ref, clamped] as const;
}
