import {
  BanIcon,
  DownloadIcon,
  GlobeIcon,
  ListFilterIcon,
  RadarIcon,
  ShieldCheckIcon,
} from 'lucide-react';
import { SearchParamTabs } from '@/components/search-param-tabs';
import { PageHeader } from '@/components/page-header';
import { StatGrid, StatTile } from '@/components/stat-tile';
import { Button } from '@/components/ui/button';
import { demoAction } from '@/lib/demo-feedback';
import { dailyBlocks, geographicRules, platformRules, threatFeeds } from './data';
import { GeographicRulesTab } from './geographic-rules-tab';
import { PlatformRulesTab } from './platform-rules-tab';
import { RecentBlocksTab } from './recent-blocks-tab';
import { ThreatIntelligenceTab } from './threat-intelligence-tab';
import { formatCount } from '@/lib/number-format';

const n = (v: number) => formatCount(v);
const blockedThisWeek = dailyBlocks.reduce((sum, d) => sum + d.blocked, 0);
const activeRules = platformRules.reduce(
  (sum, p) => sum + p.whitelist + p.blacklist + p.custom_rules,
  0,
);
const limitedRegions = geographicRules.filter((r) => r.status !== 'allowed').length;
const indicators = threatFeeds.reduce((sum, f) => sum + f.indicators, 0);

/** The IP filter admin (docs/product/dashboards.md#ip-filters). */
export default function IpFiltersPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader
        icon={<ShieldCheckIcon />}
        title="IP Filters"
        description="Network access rules and blocked traffic across the platforms."
        actions={
          <>
            <Button variant="outline" onClick={() => demoAction('Export block log')}>
              <DownloadIcon aria-hidden />
              Export log
            </Button>
            <Button onClick={() => demoAction('Block an IP address')}>
              <BanIcon aria-hidden />
              Block IP address
            </Button>
          </>
        }
      />
      <StatGrid>
        <StatTile
          label="Blocked this week"
          value={n(blockedThisWeek)}
          hint="requests refused, all platforms"
          icon={<BanIcon />}
        />
        <StatTile
          label="Active rules"
          value={n(activeRules)}
          hint={`across ${platformRules.length} platforms`}
          icon={<ListFilterIcon />}
        />
        <StatTile
          label="Limited regions"
          value={limitedRegions}
          hint="restricted or blocked"
          icon={<GlobeIcon />}
        />
        <StatTile
          label="Threat indicators"
          value={n(indicators)}
          hint={`from ${threatFeeds.length} feeds`}
          icon={<RadarIcon />}
        />
      </StatGrid>
      <SearchParamTabs
        label="IP filter sections"
        tabs={[
          { value: 'blocks', label: 'Recent Blocks', content: <RecentBlocksTab /> },
          { value: 'geographic', label: 'Geographic Rules', content: <GeographicRulesTab /> },
          { value: 'platform', label: 'Platform Rules', content: <PlatformRulesTab /> },
          { value: 'threats', label: 'Threat Intelligence', content: <ThreatIntelligenceTab /> },
        ]}
      />
    </div>
  );
}
