/** An application's type in people's words: its key's words, capitalised, SSO as one. */
export function appTypeLabel(type: string): string {
  const words = type
    .replace(/_/g, ' ')
    .trim()
    .replace(/\bsso\b/gi, 'SSO');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
