import type { EcosystemPlatform } from '@shared/ecosystem-platforms';

/** SortStak sample entities (docs/product/dashboards.md#sortstak). */

export type Pipeline = {
  name: string;
  status: 'running' | 'queued' | 'completed';
  /** 0–100. */
  progress: number;
  /** Records per minute while running; the last run's rate otherwise. */
  throughput: number;
  platform: EcosystemPlatform;
  records: number;
};

export type QualityDimension = { dimension: string; score: number; target: number; note: string };

export type QualityIssue = {
  id: string;
  field: string;
  issue: string;
  records: number;
  severity: 'low' | 'medium' | 'high';
  platform: EcosystemPlatform;
};

export type PrivacyRequest = {
  id: string;
  type: 'Access' | 'Erasure' | 'Portability' | 'Rectification';
  subject: string;
  platform: EcosystemPlatform;
  status: 'completed' | 'in_progress' | 'pending';
  due: string;
};

export type RetentionPolicy = { data: string; period: string; basis: string };

export type ApiEndpoint = {
  path: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  platform: EcosystemPlatform;
  requests24h: number;
  p95Ms: number;
  /** Share of failed calls, 0–1. */
  errorRate: number;
  status: 'healthy' | 'degraded';
};

export type ApiClient = {
  name: string;
  platform: EcosystemPlatform;
  keyPrefix: string;
  rateLimitPerMin: number;
  status: 'active' | 'expired';
  expires: string;
};
