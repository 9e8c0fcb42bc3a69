import { useEffect } from 'react';

/** Sets the browser tab's title for a screen (docs/product.md §2: "titled Login", "titled Settings", …). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
