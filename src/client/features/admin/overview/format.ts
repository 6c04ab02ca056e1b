/** A count as the console shows it: "1,284", or "10,000+" when counting stopped at a cap. */
export function formatCount(n: number, exact = true): string {
  return `${n.toLocaleString('en-US')}${exact ? '' : '+'}`;
}
