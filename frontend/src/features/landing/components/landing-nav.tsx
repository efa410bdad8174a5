import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '@/lib/router';
import { AccountNav } from '@/components/layouts/account-nav';
import { Container } from '@/components/ui/container';
import { Icon } from '@/components/ui/icon';
import { LogoMark } from '@/components/ui/logo';
import { cn } from '@/lib/cn';
import { NAV_LINKS } from '../content';

const linkClasses =
  'block rounded-md px-3 py-2 text-base font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 md:text-sm';

/** The landing page's sticky header: brand, section anchors and the account links. */
export function LandingNav() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Escape closes the mobile menu and returns focus to its toggle.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const close = () => {
    setOpen(false);
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <Container className="flex flex-wrap items-center gap-x-6 py-3 md:flex-nowrap">
        <Link to="/" className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-slate-900">
          <LogoMark />
          <span>ListingLift</span>
        </Link>

        <button
          ref={toggleRef}
          type="button"
          className="-mr-2 ml-auto inline-flex items-center gap-2 rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => {
            setOpen((value) => !value);
          }}
        >
          <Icon name={open ? 'close' : 'menu'} className="h-6 w-6" />
          <span className="sr-only">Menu</span>
        </button>

        <nav
          id={menuId}
          aria-label="Primary"
          className={cn(
            'basis-full md:flex md:flex-1 md:basis-auto md:items-center',
            open ? 'block pt-2 pb-3 md:p-0' : 'hidden',
          )}
        >
          <ul className="flex flex-col gap-1 md:flex-row md:items-center">
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} className={linkClasses} onClick={close}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>

          <div className="mt-3 border-t border-slate-200 pt-3 md:mt-0 md:ml-auto md:border-0 md:pt-0">
            <AccountNav variant="landing" onNavigate={close} />
          </div>
        </nav>
      </Container>
    </header>
  );
}
