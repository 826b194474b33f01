// Whether a screen holds changes that are not saved (the editor, the site details): the Logout
// control asks before it signs out over them. Each DiscardGuard with changes counts itself in.
let unsaved = 0;

/** Counts a screen's unsaved changes in until the returned function is called. */
export function holdUnsavedWork(): () => void {
  unsaved += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    unsaved -= 1;
  };
}

export function hasUnsavedWork(): boolean {
  return unsaved > 0;
}
