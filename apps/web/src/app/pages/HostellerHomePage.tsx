import { HostellerDashboardPage } from '@/features/dashboard/components/HostellerDashboardPage';
import { DuesCard } from '@/features/settlements/components/DuesCard';

/** /hosteller/dashboard: the dashboard, with what the hosteller owes or is owed at the top. */
export function HostellerHomePage() {
  return <HostellerDashboardPage dues={<DuesCard />} />;
}
