import type {
  DailyBlocks,
  GeographicRule,
  IpBlock,
  PlatformRuleCounts,
  SecurityEvent,
  ThreatCategory,
  ThreatFeed,
} from './types';

// Addresses come from the documentation ranges (RFC 5737 / RFC 3849), never real hosts.

export const recentBlocks = [
  {
    ip: '203.0.113.42',
    reason: 'Credential stuffing against sign-in',
    platform: 'HireHub',
    time: '2 min ago',
    severity: 'critical',
  },
  {
    ip: '198.51.100.17',
    reason: 'Scraping job listings',
    platform: 'TalentMLS',
    time: '6 min ago',
    severity: 'high',
  },
  {
    ip: '192.0.2.201',
    reason: 'SQL injection probe on search',
    platform: 'SortStak',
    time: '11 min ago',
    severity: 'critical',
  },
  {
    ip: '203.0.113.88',
    reason: 'Rate limit exceeded (1,000 req/min)',
    platform: 'Quick Role Check',
    time: '18 min ago',
    severity: 'medium',
  },
  {
    ip: '2001:db8:4f::19',
    reason: 'Known botnet address',
    platform: 'TalentSpark',
    time: '24 min ago',
    severity: 'high',
  },
  {
    ip: '198.51.100.230',
    reason: 'Blocked region',
    platform: 'Role Builder',
    time: '31 min ago',
    severity: 'low',
  },
  {
    ip: '192.0.2.14',
    reason: 'Brute-force on admin sign-in',
    platform: 'HireHub',
    time: '47 min ago',
    severity: 'critical',
  },
  {
    ip: '203.0.113.5',
    reason: 'Automated résumé uploads',
    platform: 'TalentSpark',
    time: '1 h ago',
    severity: 'medium',
  },
  {
    ip: '198.51.100.64',
    reason: 'Tor exit node',
    platform: 'TalentMLS',
    time: '1 h ago',
    severity: 'low',
  },
  {
    ip: '2001:db8:a0::7',
    reason: 'Fake employer sign-ups',
    platform: 'TalentMLS',
    time: '2 h ago',
    severity: 'high',
  },
  {
    ip: '192.0.2.77',
    reason: 'Path traversal attempt',
    platform: 'SortStak',
    time: '3 h ago',
    severity: 'high',
  },
  {
    ip: '203.0.113.150',
    reason: 'Rate limit exceeded (1,000 req/min)',
    platform: 'Role Builder',
    time: '4 h ago',
    severity: 'medium',
  },
] satisfies IpBlock[];

export const securityEvents = [
  {
    id: 'evt-1',
    type: 'suspicious_activity',
    summary: '38 failed sign-ins from one address in 2 minutes',
    platform: 'HireHub',
    time: '2 min ago',
    severity: 'critical',
  },
  {
    id: 'evt-2',
    type: 'rate_limit_exceeded',
    summary: 'Listing API called 2,400 times in one minute',
    platform: 'TalentMLS',
    time: '6 min ago',
    severity: 'high',
  },
  {
    id: 'evt-3',
    type: 'security_policy_violation',
    summary: 'Search query carried an SQL fragment',
    platform: 'SortStak',
    time: '11 min ago',
    severity: 'critical',
  },
  {
    id: 'evt-4',
    type: 'unauthorized_access',
    summary: 'Admin page requested without a session',
    platform: 'Role Builder',
    time: '35 min ago',
    severity: 'medium',
  },
  {
    id: 'evt-5',
    type: 'bulk_data_export',
    summary: '5,000 talent profiles exported by one API key',
    platform: 'TalentSpark',
    time: '1 h ago',
    severity: 'high',
  },
  {
    id: 'evt-6',
    type: 'login_failure',
    summary: 'Sign-in refused from a blocked region',
    platform: 'Quick Role Check',
    time: '2 h ago',
    severity: 'low',
  },
] satisfies SecurityEvent[];

export const geographicRules = [
  {
    region: 'United States',
    platforms: ['HireHub', 'SortStak', 'Role Builder', 'Quick Role Check', 'TalentMLS'],
    status: 'allowed',
    users: 48210,
  },
  {
    region: 'Canada',
    platforms: ['HireHub', 'SortStak', 'Role Builder', 'Quick Role Check', 'TalentMLS'],
    status: 'allowed',
    users: 9340,
  },
  {
    region: 'United Kingdom',
    platforms: ['HireHub', 'TalentMLS', 'TalentSpark'],
    status: 'allowed',
    users: 12875,
  },
  {
    region: 'European Union',
    platforms: ['HireHub', 'TalentMLS', 'TalentSpark'],
    status: 'restricted',
    users: 21460,
  },
  {
    region: 'Australia',
    platforms: ['HireHub', 'Role Builder'],
    status: 'allowed',
    users: 4120,
  },
  {
    region: 'India',
    platforms: ['SortStak', 'Quick Role Check'],
    status: 'restricted',
    users: 15730,
  },
  { region: 'Brazil', platforms: ['HireHub'], status: 'restricted', users: 3260 },
  {
    region: 'Singapore',
    platforms: ['TalentMLS', 'TalentSpark'],
    status: 'allowed',
    users: 2890,
  },
  { region: 'Japan', platforms: ['Role Builder'], status: 'restricted', users: 1475 },
  { region: 'Sanctioned regions', platforms: ['All platforms'], status: 'blocked', users: 0 },
  { region: 'Anonymous proxies', platforms: ['All platforms'], status: 'blocked', users: 0 },
] satisfies GeographicRule[];

export const platformRules = [
  { platform: 'HireHub', whitelist: 42, blacklist: 318, custom_rules: 12 },
  { platform: 'SortStak', whitelist: 18, blacklist: 146, custom_rules: 7 },
  { platform: 'Role Builder', whitelist: 24, blacklist: 89, custom_rules: 5 },
  { platform: 'Quick Role Check', whitelist: 11, blacklist: 64, custom_rules: 3 },
  { platform: 'TalentMLS', whitelist: 36, blacklist: 402, custom_rules: 15 },
  { platform: 'TalentSpark', whitelist: 20, blacklist: 133, custom_rules: 9 },
] satisfies PlatformRuleCounts[];

export const threatFeeds = [
  {
    name: 'Botnet command hosts',
    provider: 'Spamhaus DROP',
    indicators: 1240,
    updated: '5 min ago',
    status: 'active',
  },
  {
    name: 'Credential-stuffing sources',
    provider: 'Internal honeypots',
    indicators: 3875,
    updated: '12 min ago',
    status: 'active',
  },
  {
    name: 'Tor exit nodes',
    provider: 'Tor Project',
    indicators: 1620,
    updated: '1 h ago',
    status: 'active',
  },
  {
    name: 'Scraper user agents',
    provider: 'Shared with TalentMLS',
    indicators: 410,
    updated: 'Syncing now',
    status: 'syncing',
  },
  {
    name: 'Cloud hosting ranges',
    provider: 'Provider IP lists',
    indicators: 9820,
    updated: '6 h ago',
    status: 'degraded',
  },
] satisfies ThreatFeed[];

export const threatCategories = [
  { name: 'Credential stuffing', value: 412 },
  { name: 'Scraping', value: 296 },
  { name: 'Injection probes', value: 118 },
  { name: 'Rate limit abuse', value: 203 },
  { name: 'Fake accounts', value: 87 },
] satisfies ThreatCategory[];

export const dailyBlocks = [
  { day: 'Mon', blocked: 1284, challenged: 342 },
  { day: 'Tue', blocked: 1351, challenged: 298 },
  { day: 'Wed', blocked: 1198, challenged: 410 },
  { day: 'Thu', blocked: 1622, challenged: 515 },
  { day: 'Fri', blocked: 1477, challenged: 388 },
  { day: 'Sat', blocked: 902, challenged: 204 },
  { day: 'Sun', blocked: 847, challenged: 186 },
] satisfies DailyBlocks[];
