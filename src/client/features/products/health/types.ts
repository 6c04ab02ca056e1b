/** Sample entities of the system health admin (docs/product/dashboards.md#health). */
export type HealthStatus = 'healthy' | 'degraded';
type Severity = 'low' | 'medium' | 'high' | 'critical';

type Dependency = { name: string; status: HealthStatus };

export type PlatformHealth = {
  name: string;
  status: HealthStatus;
  /** percent over the last 30 days */
  uptime: number;
  /** median response, milliseconds */
  response: number;
  /** percent of requests */
  errors: number;
  users: number;
  dependencies: Dependency[];
};

export type ServerMetrics = {
  name: string;
  role: string;
  region: string;
  /** percent */
  cpu: number;
  /** percent */
  memory: number;
  /** percent */
  disk: number;
  /** megabits per second */
  network: number;
};

export type ResponseSample = { time: string } & Record<string, number | string>;

export type LoadSample = {
  time: string;
  cpu: number;
  memory: number;
  networkIn: number;
  networkOut: number;
};

export type ApiEndpointHealth = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  path: string;
  platform: string;
  status: HealthStatus;
  /** 95th percentile latency, milliseconds */
  p95: number;
  /** percent */
  successRate: number;
  requestsPerMinute: number;
};

export type Incident = {
  id: string;
  title: string;
  platform: string;
  severity: Severity;
  status: 'resolved' | 'monitoring';
  duration: string;
  time: string;
};

export type ActiveAlert = {
  id: string;
  title: string;
  platform: string;
  severity: Severity;
  since: string;
};
