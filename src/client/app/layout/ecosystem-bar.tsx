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
    // One line on every screen: centred while it fits, scrolled sideways on a narrow phone.
    // Positioned, so that the links' screen-reader texts (absolute) scroll with it too.
    <nav
      aria-label="Ecosystem"
      className="keep-palette relative overflow-x-auto bg-slate-900 text-slate-100"
    >
      <ul className="flex w-max min-w-full items-center justify-center gap-x-2 px-2 py-1 text-xs sm:gap-x-6 sm:px-4 sm:py-1.5">
        {items.map((item) => (
          <li key={item.label} className="shrink-0">
            <a
              href={item.href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 rounded px-1 py-0.5 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-white"
            >
              {item.label}
              <ExternalLinkIcon className="size-3" aria-hidden />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
