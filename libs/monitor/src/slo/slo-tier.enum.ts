/**
 * Alert routing tier of an SLO. Values are the lower-case words
 * config files and alert labels carry.
 */
export enum SLOTier {
  /** Wake somebody up. */
  P0_PAGE = 'p0_page',
  /** Look at it during business hours (the default). */
  P1_BUSINESS_HOURS = 'p1_business_hours',
  /** Open a ticket. */
  P2_TICKET = 'p2_ticket',
  /** For information only. */
  P3_INFO = 'p3_info',
}

const SEVERITY_BY_TIER: Record<SLOTier, string> = {
  [SLOTier.P0_PAGE]: 'critical',
  [SLOTier.P1_BUSINESS_HOURS]: 'high',
  [SLOTier.P2_TICKET]: 'medium',
  [SLOTier.P3_INFO]: 'low',
};

/** Alert severity of a tier: P0 critical, P1 high, P2 medium, P3 low. */
export function severityForTier(tier: SLOTier): string {
  return SEVERITY_BY_TIER[tier] ?? 'high';
}

/** Accepts `SLOTier` values and their upper-case member names (`P0_PAGE`). */
export function parseSloTier(value: string): SLOTier | undefined {
  const lower = value.toLowerCase();
  return (Object.values(SLOTier) as string[]).includes(lower) ? (lower as SLOTier) : undefined;
}
