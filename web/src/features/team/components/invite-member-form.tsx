import { useId, useState } from 'react';
import type { FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Field, describedBy, inputClass } from '@/components/ui/field';
import { apiErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useInviteMember } from '../api/invite-member';
import { ROLES } from '../api/types';
import type { Role } from '../api/types';

export const EMAIL_REQUIRED = 'Please enter their e-mail address.';
export const NAME_REQUIRED = 'Please enter their full name.';
export const INVITE_FAILED = 'Failed to invite the colleague. Please try again.';

type Errors = { email?: string; fullName?: string };

/** Admins add a colleague: e-mail, full name and role; the server e-mails them how to sign in. */
export function InviteMemberForm() {
  const id = useId();
  const invite = useInviteMember();
  const [email, setEmail] = useState('');
  const [fullName, setFullName] = useState('');
  const [role, setRole] = useState<Role>('recruiter');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const found: Errors = {};
    if (!email.trim()) found.email = EMAIL_REQUIRED;
    if (!fullName.trim()) found.fullName = NAME_REQUIRED;
    setErrors(found);
    if (found.email || found.fullName) return;
    try {
      await invite.mutateAsync({ email: email.trim().toLowerCase(), fullName: fullName.trim(), role });
      toast.success(`${fullName.trim()} was added to the team and told how to sign in.`);
      setEmail('');
      setFullName('');
      setRole('recruiter');
    } catch (error) {
      // The server's own words: an address already registered, a malformed one, a missing name.
      setServerError(apiErrorMessage(error, INVITE_FAILED));
    }
  };

  const emailId = `${id}-email`;
  const nameId = `${id}-name`;
  const roleId = `${id}-role`;
  return (
    <form
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        Invite a colleague
      </h2>
      <p className="mt-1 text-sm text-slate-600">They get an e-mail and sign in with a one-time code sent to their address.</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_10rem]">
        <Field id={emailId} label="E-mail" required error={errors.email}>
          <input
            id={emailId}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              if (errors.email && event.target.value.trim()) setErrors((value) => ({ ...value, email: undefined }));
            }}
            aria-invalid={Boolean(errors.email) || undefined}
            aria-describedby={describedBy(emailId, { error: errors.email })}
            placeholder="name@company.com"
            className={inputClass(Boolean(errors.email))}
          />
        </Field>
        <Field id={nameId} label="Full name" required error={errors.fullName}>
          <input
            id={nameId}
            type="text"
            autoComplete="off"
            value={fullName}
            onChange={(event) => {
              setFullName(event.target.value);
              if (errors.fullName && event.target.value.trim()) setErrors((value) => ({ ...value, fullName: undefined }));
            }}
            aria-invalid={Boolean(errors.fullName) || undefined}
            aria-describedby={describedBy(nameId, { error: errors.fullName })}
            className={inputClass(Boolean(errors.fullName))}
          />
        </Field>
        <Field id={roleId} label="Role">
          <select id={roleId} value={role} onChange={(event) => setRole(event.target.value as Role)} className={inputClass()}>
            {ROLES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {serverError && <ErrorAlert className="mt-4">{serverError}</ErrorAlert>}
      <div className="mt-4 flex justify-end">
        <Button type="submit" loading={invite.isPending}>
          {invite.isPending ? 'Inviting...' : 'Invite'}
        </Button>
      </div>
    </form>
  );
}
