import { Link } from 'react-router';
import { PlaceholderPage } from '@/components/layouts/placeholder-page';

/** "/signup" (SPEC §2). Placeholder until the sign-up issue. */
export function SignupPage() {
  return (
    <PlaceholderPage title="Sign up">
      <p>
        Already have an account?{' '}
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          Login
        </Link>
      </p>
    </PlaceholderPage>
  );
}
