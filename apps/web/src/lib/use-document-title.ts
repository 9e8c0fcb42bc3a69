import { useEffect } from 'react';

/** Sets the browser tab's title for a screen (spec §2: "titled Login", "titled Settings", …). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
