import { Link } from '@/lib/router';
import { Container } from '@/components/ui/container';
import { LogoMark } from '@/components/ui/logo';
import { AccountNav } from './account-nav';

/** The header of every page but the landing page: the brand, home link and account links. */
export function SiteHeader() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <Container className="flex items-center justify-between gap-4 py-3">
        <Link to="/" className="flex shrink-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight text-slate-900">
          <LogoMark />
          <span>ListingLift</span>
        </Link>
        <nav aria-label="Account" className="min-w-0">
          <AccountNav variant="compact" />
        </nav>
      </Container>
    </header>
  );
}
