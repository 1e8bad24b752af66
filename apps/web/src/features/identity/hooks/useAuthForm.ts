import type { AuthSchemas, CampusConfig } from '@campusrun/shared';
import { useCallback, useMemo } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  useForm,
} from 'react-hook-form';
import { useAdoptFilledFields } from '@/lib/forms';
import { toast } from '@/lib/toast';
import type { z } from 'zod';

type FormName = 'login' | 'registerForm' | 'forgotPassword';
type Input<K extends FormName> = z.input<AuthSchemas[K]>;
type FormResolver<K extends FormName> = Resolver<Input<K>, unknown, z.output<AuthSchemas[K]>>;

const loadRules = () => import('./auth-rules');

export const RULES_UNAVAILABLE = "Couldn't load this form. Check your connection and try again.";

/**
 * The shared rules of a sign-in form (login, register, forgot password) for this campus. They, and
 * zod with them, load when the visitor first focuses or touches the form (`prefetch`, for the
 * form's onFocus and onPointerDown), or at the latest on the first check, not with the screen: the
 * prerendered screen is ready to use sooner, and the rules are here before anyone has finished
 * typing. Same rules and messages as the server's.
 */
function useAuthResolver<K extends FormName>(config: CampusConfig, form: K) {
  const { campusName, emailDomain } = config;
  const rules = useMemo(() => {
    let loaded: Promise<FormResolver<K>> | undefined;
    return () =>
      (loaded ??= loadRules()
        .then(({ createAuthSchemas, zodResolver }) => {
          const schema: z.ZodType<FieldValues, FieldValues> = createAuthSchemas({ campusName, emailDomain })[
            form
          ];
          // The schema of form K, so this is FormResolver<K>; TypeScript cannot follow the index.
          return zodResolver(schema) as unknown as FormResolver<K>;
        })
        .catch((error: unknown) => {
          loaded = undefined; // the next check tries again
          throw error;
        }));
  }, [campusName, emailDomain, form]);

  const resolver = useCallback<FormResolver<K>>(
    async (values, context, options) => {
      let check: FormResolver<K>;
      try {
        check = await rules();
      } catch {
        // Offline, or a new version replaced the file: say so, and send nothing.
        toast.error(RULES_UNAVAILABLE, { toastId: 'auth-rules' });
        const errors = { root: { type: 'unavailable', message: RULES_UNAVAILABLE } };
        return { values: {}, errors: errors as FieldErrors<Input<K>> };
      }
      return check(values, context, options);
    },
    [rules],
  );
  // A failed early load is not an error yet: the check asks again and says so if it fails.
  const prefetch = useCallback(() => void rules().catch(() => undefined), [rules]);
  return { resolver, prefetch };
}

/**
 * A sign-in form: react-hook-form with the campus's shared rules (loaded on first use, above),
 * checked on submit (and, with mode 'onBlur', each field as it is left), adopting what the prerendered fields already hold. Spread `formProps` on the
 * <form>.
 */
export function useAuthForm<K extends FormName>(
  config: CampusConfig,
  name: K,
  defaultValues: DefaultValues<Input<K>>,
  /** 'onBlur': a field is also checked when the student leaves it, and only that field. */
  mode: 'onSubmit' | 'onBlur' = 'onSubmit',
) {
  const { resolver, prefetch } = useAuthResolver(config, name);
  const form = useForm<Input<K>, unknown, z.output<AuthSchemas[K]>>({
    resolver,
    defaultValues,
    mode,
    reValidateMode: 'onSubmit',
  });
  const ref = useAdoptFilledFields(form);
  return { form, formProps: { ref, onFocus: prefetch, onPointerDown: prefetch, noValidate: true } };
}
