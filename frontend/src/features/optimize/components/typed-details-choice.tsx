import { NOT_READ_SECTIONS } from '../constants';

/**
 * Offered when the listing page could not be read right now (the site blocked us or was
 * too slow): go on with the title and description the host types below, knowing which
 * report sections that leaves out. Submit waits for this choice (or a new URL).
 */
export function TypedDetailsChoice({ id, checked, onChange }: { id: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <div className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="typed-details-choice">
      <label htmlFor={id} className="flex cursor-pointer items-start gap-3 font-semibold">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={`${id}-note`}
          className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
        />
        Continue with the title and description I type below
      </label>
      <p id={`${id}-note`} className="mt-1.5 pl-7">
        Your report will then leave out {NOT_READ_SECTIONS}, because they need the listing page. Or try again in a few minutes.
      </p>
    </div>
  );
}
