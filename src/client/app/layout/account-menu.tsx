/** The signed-in user and the sign-out control (filled in by the sign-in work). */
export function AccountMenu() {
  return null;
}
