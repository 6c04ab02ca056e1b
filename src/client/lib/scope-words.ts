/** What each scope hands an application, in people's words, said to the person it is about. */
export const SCOPE_WORDS: Record<string, string> = {
  openid: 'That it is you (an id that stays the same)',
  email: 'Your email address',
  profile: 'Your name',
  roles: 'Your roles in the ecosystem',
  offline_access: 'Staying signed in until you sign out',
};
