import { PlaceholderPage } from '@/components/layouts/placeholder-page';

/** "/dashboard" (SPEC §2). Placeholder until the dashboard issue. */
export function DashboardPage() {
  return <PlaceholderPage title="Dashboard" />;
}
