/** Sample entities of the global settings admin (docs/product/dashboards.md#settings). */
export type GlobalSetting = {
  key: string;
  value: string;
  category: string;
  critical: boolean;
};

export type PlatformConfig = {
  platform: string;
  sso: boolean;
  notifications: boolean;
  analytics: boolean;
  backup: boolean;
  lastSync: string;
  status: 'healthy' | 'syncing';
};

export type AdminRole = {
  role: 'Super Admin' | 'Platform Admin' | 'Support' | 'Auditor';
  users: number;
  permissions: string[];
  description: string;
};

export type ApiCredential = {
  name: string;
  platform: string;
  status: 'active' | 'expired';
  expires: string;
  /** requests in the last 30 days */
  usage: number;
};

export type SecurityPolicy = { label: string; value: string; note: string };

export type Backup = {
  type: string;
  lastBackup: string;
  size: string;
  status: 'completed' | 'in_progress';
  retention: '30 days' | '90 days' | '7 years' | '1 year';
};

export type AuditEntry = {
  id: string;
  user: string;
  action: string;
  platform: string;
  time: string;
};
