import { Container } from '@/components/ui/container';
import { Icon } from '@/components/ui/icon';
import { LogoMark } from '@/components/ui/logo';
import { LegalLinks } from '@/components/layouts/legal-links';
import { config as appConfig, type AppConfig } from '@/lib/config';
import { FOOTER, NAV_LINKS } from '../content';

interface SiteFooterProps {
  config?: Pick<AppConfig, 'supportEmail' | 'supportPhone' | 'helpCenterUrl'>;
}

/** The page footer; id="contact" is the target of the "Contact" anchor. */
export function SiteFooter({ config = appConfig }: SiteFooterProps) {
  const year = new Date().getFullYear();
  return (
    <footer id="contact" className="scroll-mt-20 border-t border-slate-200 bg-slate-50">
      <Container className="grid gap-10 py-14 md:grid-cols-[1.5fr_1fr_1fr]">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900">
            <LogoMark className="h-7 w-7" />
            ListingLift
          </p>
          <p className="mt-3 max-w-xs text-sm text-slate-600">{FOOTER.tagline}</p>
        </div>

        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold text-slate-900">Product</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {NAV_LINKS.filter((l) => l.href !== '#contact').map((link) => (
              <li key={link.href}>
                <a href={link.href} className="rounded text-slate-600 hover:text-slate-900">
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <a href="#optimize" className="rounded text-slate-600 hover:text-slate-900">
                Optimize a listing
              </a>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold text-slate-900">Contact</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a
                href={`mailto:${config.supportEmail}`}
                className="inline-flex items-center gap-2 rounded text-slate-600 hover:text-slate-900"
              >
                <Icon name="mail" className="h-4 w-4" />
                {config.supportEmail}
              </a>
            </li>
            {config.supportPhone && (
              <li>
                <a
                  href={`tel:${config.supportPhone.replace(/[^\d+]/g, '')}`}
                  className="inline-flex items-center gap-2 rounded text-slate-600 hover:text-slate-900"
                >
                  <Icon name="phone" className="h-4 w-4" />
                  {config.supportPhone}
                </a>
              </li>
            )}
            {config.helpCenterUrl && (
              <li>
                <a
                  href={config.helpCenterUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-2 rounded text-slate-600 hover:text-slate-900"
                >
                  <Icon name="link" className="h-4 w-4" />
                  Help Center<span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            )}
          </ul>
        </div>
      </Container>
      <div className="border-t border-slate-200">
        <Container className="flex flex-col gap-2 py-6 text-sm text-slate-500 sm:flex-row sm:items-center sm:justify-between">
          <p>© {year} ListingLift. All rights reserved.</p>
          <LegalLinks />
          <p>{FOOTER.dataCredit}</p>
        </Container>
      </div>
    </footer>
  );
}
