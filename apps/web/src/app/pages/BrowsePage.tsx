import { OpenRunsStrip } from '@/features/runs/components/OpenRunsStrip';
import { BrowseRequestsPage } from '@/features/requests/components/BrowseRequestsPage';

/** /dayscholar/browse-requests: the open shared runs (whole, one accept each) above the open requests. */
export function BrowsePage() {
  return <BrowseRequestsPage aboveList={<OpenRunsStrip />} />;
}
