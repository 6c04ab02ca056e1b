import { ExternalLinkIcon } from 'lucide-react';
import { usePublicConfig } from '@/lib/public-config';
import { defaultEcosystemLinks } from './ecosystem-links';

/** docs/product/public-site.md#ecosystem-bar: five links to the sister products, each opening in a new tab. */
export function EcosystemBar() {
  const { data } = usePublicConfig();
  const links = data?.ecosystemLinks ?? defaultEcosystemLinks;
  const items = [
    { label: 'Home', href: links.home },
    { label: 'SortStak', href: links.sortstak },
    { label: 'Role Builder', href: links.roleBuilder },
    { label: 'QRC', href: links.qrc },
    { label: 'TalentSpark', href: links.talentspark },
  ];
  return (
    // docs/product/public-site.md#ecosystem-bar: centred on one line; a phone drops the
    // new-tab icons to keep it so, and a screen narrower still wraps the links rather than
    // hide one past the edge.
    <nav aria-label="Ecosystem" className="keep-palette relative bg-slate-900 text-slate-100">
      <ul className="flex flex-wrap items-center justify-center gap-x-1.5 px-1 py-0.5 text-xs sm:gap-x-6 sm:px-4 sm:py-1.5">
        {items.map((item) => (
          <li key={item.label} className="shrink-0">
            <a
              href={item.href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-6 items-center gap-1 rounded px-0.5 py-0.5 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-white sm:px-1"
            >
              {item.label}
              <ExternalLinkIcon className="hidden size-3 sm:block" aria-hidden />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
