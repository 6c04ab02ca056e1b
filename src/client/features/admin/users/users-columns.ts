import type { OptionalColumn, UsersView } from './view-prefs';

const COLUMNS = ['User', 'Organization', 'Roles', 'Status', 'Last Login', 'Actions'] as const;
export type Column = (typeof COLUMNS)[number];

/** The columns this view shows, in table order. */
export const shownColumns = (view: UsersView) =>
  COLUMNS.filter((c) => !view.hidden.includes(c as OptionalColumn));
