import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import {
  emailGroupLabels,
  emailGroups,
  emailPreferencesSchema,
  type EmailGroup,
  type EmailPreferences,
} from '../../../contracts/notifications.contract';
import { api, ApiError } from '../../api/client';
import { notify } from '../../ui/notify';
import { ErrorState, LoadingRegion, Skeleton } from '../../ui/States';

export const emailPreferencesKey = ['notification-preferences'] as const;

export const emailPreferencesMessages = {
  saved: 'Your email preferences are saved',
  saveFailed: 'Failed to save your email preferences',
  security: 'Security messages (password resets, password changes) are always sent.',
  inApp: 'Every notification still reaches your in-app notifications, whichever emails you turn off.',
} as const;

/** The signed-in user's email groups, and a toggle that saves at once (the switch shows the new value while it saves). */
export function useEmailPreferences() {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: emailPreferencesKey,
    queryFn: () => api.get<EmailPreferences>('/api/notifications/preferences'),
  });
  const save = useMutation({
    mutationFn: (prefs: EmailPreferences) =>
      api.put<EmailPreferences>('/api/notifications/preferences', emailPreferencesSchema.parse(prefs)),
    onSuccess: (saved) => {
      qc.setQueryData(emailPreferencesKey, saved);
      notify.success(emailPreferencesMessages.saved, { action: 'email-preferences' });
    },
    onError: (e) => {
      const reason =
        e instanceof ApiError && e.status >= 400 && e.status < 500 ? `: ${e.message}` : '. Please try again.';
      notify.error(`${emailPreferencesMessages.saveFailed}${reason}`, { action: 'email-preferences' });
    },
  });
  const value = save.isPending ? save.variables : query.data;
  const toggle = (group: EmailGroup, on: boolean) => {
    if (!value || save.isPending) return;
    save.mutate({ ...value, [group]: on });
  };
  return { query, value, saving: save.isPending, toggle };
}

/** Email notifications: one switch per group (Orders, Wallet and referrals, News), saved as it is switched. */
export function EmailPreferencesSection() {
  const { query, value, saving, toggle } = useEmailPreferences();
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        Email notifications
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Choose what Haat emails you about. A change is saved as soon as you make it.
      </p>
      <div className="mt-4">
        {query.isPending ? (
          <LoadingRegion label="Loading your email preferences">
            <div className="space-y-2">
              {emailGroups.map((g) => (
                <Skeleton key={g} className="h-14 w-full" />
              ))}
            </div>
          </LoadingRegion>
        ) : query.isError || !value ? (
          <ErrorState
            message={`Failed to load your email preferences: ${query.error?.message ?? 'Please try again.'}`}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <fieldset aria-busy={saving || undefined} className="divide-y divide-slate-100">
            <legend className="sr-only">Email me about</legend>
            {emailGroups.map((group) => (
              <label key={group} className="flex min-h-11 cursor-pointer items-start gap-3 py-3 first:pt-0">
                <input
                  type="checkbox"
                  role="switch"
                  checked={value[group]}
                  disabled={saving}
                  onChange={(e) => toggle(group, e.target.checked)}
                  aria-describedby={`${id}-${group}-hint`}
                  className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 text-violet-700 focus:ring-violet-600 disabled:cursor-wait"
                />
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-slate-900">{emailGroupLabels[group].label}</span>
                  <span id={`${id}-${group}-hint`} className="block text-xs text-slate-500">
                    {emailGroupLabels[group].hint}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
      </div>
      <p className="mt-4 text-sm text-slate-600">{emailPreferencesMessages.security}</p>
      <p className="mt-1 text-sm text-slate-600">{emailPreferencesMessages.inApp}</p>
    </section>
  );
}
