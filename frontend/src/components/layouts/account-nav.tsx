import { Link, useLocation, useNavigate } from '@/lib/router';
import { ButtonLink, buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { greetingName, useAuth } from '@/lib/auth/context';

interface AccountNavProps {
  /** "landing": stacked in the mobile menu, in a row from md; "compact": always one row. */
  variant: 'landing' | 'compact';
  /** Called when a link or the logout button is used (closes the mobile menu). */
  onNavigate?: () => void;
}

const landingLink =
  'block rounded-md px-3 py-2 text-base font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 md:text-sm';
const compactLink = 'rounded-md px-2.5 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900';

/**
 * The account part of the navigation (SPEC §2): signed out, Login and Sign Up; signed
 * in, "Welcome {name or e-mail}", a Dashboard link and Logout. While the auth state is
 * still loading it shows a neutral placeholder of the same size, so nothing jumps.
 */
export function AccountNav({ variant, onNavigate }: AccountNavProps) {
  const auth = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const landing = variant === 'landing';
  const link = landing ? landingLink : compactLink;

  if (auth.status === 'loading') {
    return (
      <div
        data-testid="account-nav-loading"
        aria-hidden="true"
        className={cn(
          'animate-pulse rounded-lg bg-slate-100',
          landing ? 'mx-3 h-10 md:mx-0 md:h-9 md:w-44' : 'h-9 w-36 sm:w-44',
        )}
      />
    );
  }

  if (auth.status === 'signed-out') {
    return (
      <div className={cn('flex gap-2', landing ? 'flex-col md:flex-row md:items-center' : 'items-center')}>
        <Link to="/login" className={link} onClick={onNavigate}>
          Login
        </Link>
        <ButtonLink to="/signup" size="sm" className={landing ? 'md:ml-1' : undefined} onClick={onNavigate}>
          Sign Up
        </ButtonLink>
      </div>
    );
  }

  const logout = async () => {
    onNavigate?.();
    await auth.signOut();
    if (pathname !== '/') navigate('/');
  };

  return (
    <div className={cn('flex gap-2', landing ? 'flex-col md:flex-row md:items-center' : 'min-w-0 items-center')}>
      <span
        className={cn(
          'truncate text-sm text-slate-600',
          landing ? 'px-3 py-2 md:max-w-56' : 'hidden max-w-48 px-1 sm:inline lg:max-w-64',
        )}
        title={greetingName(auth.user)}
      >
        Welcome {greetingName(auth.user)}
      </span>
      <Link to="/dashboard" className={link} onClick={onNavigate} aria-current={pathname === '/dashboard' ? 'page' : undefined}>
        Dashboard
      </Link>
      <button type="button" className={buttonClasses({ variant: 'secondary', size: 'sm' })} onClick={() => void logout()}>
        Logout
      </button>
    </div>
  );
}
