import { DayScholarDashboardPage } from '@/features/dashboard/components/DayScholarDashboardPage';
import { DuesCard } from '@/features/settlements/components/DuesCard';

/** /dayscholar/dashboard: the dashboard, with what the day scholar is owed or owes at the top. */
export function DayScholarHomePage() {
  return <DayScholarDashboardPage dues={<DuesCard />} />;
}
