import { cn } from '@/lib/cn';
import { MAX_STRENGTH_SCORE, passwordStrength, strengthLabel, type StrengthScore } from '../password';

const barColours: Record<StrengthScore, string> = {
  0: 'bg-red-500',
  1: 'bg-red-500',
  2: 'bg-amber-500',
  3: 'bg-lime-500',
  4: 'bg-green-600',
};

const textColours: Record<StrengthScore, string> = {
  0: 'text-red-700',
  1: 'text-red-700',
  2: 'text-amber-700',
  3: 'text-lime-700',
  4: 'text-green-700',
};

/** SPEC §5 strength meter: four bars and the label for scores 0–4. Shown once typing starts. */
export function PasswordStrength({ password, id }: { password: string; id?: string }) {
  if (password === '') return null;
  const score = passwordStrength(password);
  const label = strengthLabel(score);
  return (
    <div id={id} className="mt-2" data-testid="password-strength" data-score={score}>
      <div className="flex gap-1.5" aria-hidden="true">
        {Array.from({ length: MAX_STRENGTH_SCORE }, (_, i) => (
          <span key={i} className={cn('h-1.5 flex-1 rounded-full', i < score ? barColours[score] : 'bg-slate-200')} />
        ))}
      </div>
      <p className={cn('mt-1.5 text-xs font-semibold', textColours[score])} aria-live="polite">
        Password strength: <span data-testid="password-strength-label">{label}</span>
      </p>
    </div>
  );
}
