import { type ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { SimplePageLayout } from './simple-page-layout';

interface PlaceholderPageProps {
  title: string;
  children?: ReactNode;
}

/** A page whose real content comes in a later issue: its heading and a way home. */
export function PlaceholderPage({ title, children }: PlaceholderPageProps) {
  return (
    <SimplePageLayout title={title}>
      {children && <div className="mt-4 text-slate-600">{children}</div>}
      <ButtonLink to="/" variant="secondary" className="mt-8">
        Back to home
      </ButtonLink>
    </SimplePageLayout>
  );
}
