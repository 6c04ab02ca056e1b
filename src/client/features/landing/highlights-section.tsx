import { HIGHLIGHTS } from './content';
import { SectionHeading } from './section-heading';

/** docs/product/public-site.md#landing-highlights: six feature highlights. */
export function HighlightsSection() {
  return (
    <section
      id="why"
      aria-labelledby="why-heading"
      className="scroll-mt-16 border-y border-slate-200 bg-white"
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
        <SectionHeading
          id="why-heading"
          eyebrow="Why us"
          title="Why Choose the Talent Ecosystem?"
          description="Everything a hiring organisation needs, connected and governed in one place."
        />
        <ul className="mt-12 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
          {HIGHLIGHTS.map(({ title, description, icon: Icon }) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-600 text-white shadow-sm">
                <Icon className="size-5" aria-hidden />
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm text-slate-600">{description}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
