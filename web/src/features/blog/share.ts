/**
 * Shares the page: the native share sheet where the browser has one, otherwise the link is
 * copied and the visitor told so.
 */
export async function sharePage(title: string): Promise<void> {
  const url = window.location.href;
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, url });
    } catch {
      // The visitor closed the share sheet.
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    window.alert("Link copied to clipboard!");
  } catch {
    window.prompt("Copy this link:", url);
  }
}
