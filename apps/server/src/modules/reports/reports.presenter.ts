import type { Report } from '@campusrun/shared';
import type { ReportRow } from './reports.repo';

/** A report as its reporter sees it (never who else reported). */
export const presentReport = (row: ReportRow): Report => ({
  id: row.id,
  targetType: row.targetType,
  targetId: row.targetId,
  reason: row.reason,
  details: row.details,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});
