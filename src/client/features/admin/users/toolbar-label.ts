/**
 * The words of a toolbar button after the filters (Sort:, View, Export CSV): kept for screen
 * readers only unless the console is wide enough for them, so that the toolbar stays one row
 * on a laptop and takes one row less on a phone (docs/product/admin-console.md#users-layout).
 * The button's title names it for the mouse.
 */
export const TOOLBAR_LABEL = '@max-6xl:sr-only';
