/** Says, at the top of a simulated flow, that demo mode only simulates it. */
export function DemoNote({ children }: { children: string }) {
  return (
    <p
      role="note"
      className="rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950"
    >
      {children}
    </p>
  );
}
