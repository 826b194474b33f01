// The tab's title of an admin screen: what it shows first, so open tabs and the app switcher
// tell the screens apart, then the shop's admin.
import { useEffect } from "react";
import { useLayout } from "../../../lib/layout";

/** Sets the document's title to "(count) title | Shop Admin" (no count when there is none). */
export function useAdminTitle(title: string, count = 0): void {
  const { shortName } = useLayout();
  useEffect(() => {
    document.title = `${count > 0 ? `(${count}) ` : ""}${title} | ${shortName} Admin`;
  }, [title, count, shortName]);
}
