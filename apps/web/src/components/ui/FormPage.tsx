import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from './Button';

/**
 * A screen that is one form (a new request, trip or shared run): its title (one h1) and a line of
 * text, the form on a card, then Cancel (to `cancelTo`, the list it adds to) and submit. The way back
 * is the top bar's.
 */
export function FormPage({
  title,
  description,
  cancelTo,
  onSubmit,
  submitLabel,
  isSubmitting,
  children,
}: {
  title: string;
  description: ReactNode;
  cancelTo: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  isSubmitting: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <title>{`${title} · CampusRun`}</title>
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <p className="mt-1 text-sm text-slate-500">{description}</p>
      <section className="mt-6 max-w-2xl rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          {children}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Link to={cancelTo} className={buttonClasses({ variant: 'secondary' })}>
              Cancel
            </Link>
            <Button type="submit" isLoading={isSubmitting}>
              {submitLabel}
            </Button>
          </div>
        </form>
      </section>
    </>
  );
}
