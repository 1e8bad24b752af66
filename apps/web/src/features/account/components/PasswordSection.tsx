import { KeyRound } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/Button';
import { ChangePasswordForm } from './ChangePasswordForm';

/**
 * The password on the Security card, folded: "Change password" opens the form (the cursor in its
 * first field); Cancel or a change that went through folds it again, back on the button.
 */
export function PasswordSection() {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const fold = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <section aria-labelledby="password-heading" className="mt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h3 id="password-heading" className="text-sm font-medium text-slate-900">
            Password
          </h3>
          <p className="mt-1 text-sm text-slate-500">You will stay signed in on this device.</p>
        </div>
        <button
          ref={toggle}
          type="button"
          aria-expanded={open}
          aria-controls={open ? formId : undefined}
          onClick={() => (open ? fold() : setOpen(true))}
          className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'shrink-0' })}
        >
          <KeyRound className="size-4" aria-hidden="true" />
          Change password
        </button>
      </div>
      {open && <ChangePasswordForm id={formId} onDone={fold} />}
    </section>
  );
}
