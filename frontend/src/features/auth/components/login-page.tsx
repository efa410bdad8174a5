import { Link } from 'react-router';
import { PlaceholderPage } from '@/components/layouts/placeholder-page';

/** "/login" (SPEC §2). Placeholder until the sign-in issue. */
export function LoginPage() {
  return (
    <PlaceholderPage title="Log in">
      <p>
        New to ListingLift?{' '}
        <Link to="/signup" className="font-semibold text-brand-700 hover:underline">
          Sign Up
        </Link>
      </p>
    </PlaceholderPage>
  );
}
