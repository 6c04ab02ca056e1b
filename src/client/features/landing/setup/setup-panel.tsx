/** System Administrator Setup panel, shown on the landing page with ?setup=true (SPEC.md §1). */
export default function SetupPanel() {
  return (
    <section aria-labelledby="setup-heading" className="mx-auto max-w-3xl px-4 py-10">
      <h2 id="setup-heading" className="text-xl font-semibold">
        System Administrator Setup
      </h2>
    </section>
  );
}
