import { useLocation } from '@/lib/router';
import { ButtonLink } from '@/components/ui/button';
import { SimplePageLayout } from '@/components/layouts/simple-page-layout';

/** Any unknown client route. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <SimplePageLayout title="Page not found">
      <p className="mt-4 text-slate-600">
        We couldn’t find <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm break-all text-slate-800">{pathname}</code>.
      </p>
      <ButtonLink to="/" className="mt-8">
        Back to home
      </ButtonLink>
    </SimplePageLayout>
  );
}
