import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/context';

/** Google's "G" mark, in its colours. */
function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="h-5 w-5">
      <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z" />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1.1.7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.7-4.9H1.3v3.1A12 12 0 0 0 12 24z" />
      <path fill="#FBBC05" d="M5.3 14.4a7.2 7.2 0 0 1 0-4.7V6.6H1.3a12 12 0 0 0 0 10.8l4-3z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1C6.3 6.9 8.9 4.8 12 4.8z" />
    </svg>
  );
}

interface GoogleButtonProps {
  onClick: () => void;
  disabled?: boolean;
}

/**
 * "Continue with Google": Google sign-in in a popup (SPEC §2, §6). Where it is shown, the
 * popup is got ready ahead of the tap (a phone blocks a popup that opens too long after
 * it); other pages never wait for Google's scripts.
 */
export function GoogleButton({ onClick, disabled }: GoogleButtonProps) {
  const { prepareGoogleSignIn } = useAuth();
  useEffect(() => {
    prepareGoogleSignIn();
  }, [prepareGoogleSignIn]);
  return (
    <Button variant="secondary" size="lg" className="w-full" onClick={onClick} disabled={disabled}>
      <GoogleMark />
      Continue with Google
    </Button>
  );
}
