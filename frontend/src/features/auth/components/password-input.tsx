import { useState, type ComponentProps } from 'react';
import { inputClasses } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { cn } from '@/lib/cn';

type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'> & {
  /** Offer the show/hide toggle (SPEC §2 /login). */
  toggle?: boolean;
};

/** A password field, optionally with a show/hide toggle (a pressed-state button). */
export function PasswordInput({ toggle = false, className, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input {...props} type={visible ? 'text' : 'password'} className={cn(inputClasses, toggle && 'pr-11', className)} />
      {toggle && (
        <button
          type="button"
          aria-pressed={visible}
          aria-label="Show password"
          title={visible ? 'Hide password' : 'Show password'}
          onClick={() => {
            setVisible((value) => !value);
          }}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 focus-visible:outline-offset-[-2px]"
        >
          <Icon name={visible ? 'eyeOff' : 'eye'} />
        </button>
      )}
    </div>
  );
}
