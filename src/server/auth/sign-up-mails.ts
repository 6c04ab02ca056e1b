import { SIGN_UP_VERIFY_TTL_HOURS } from '@shared/schemas/auth';
import { INVITE_PATH, VERIFY_PATH } from '@shared/routes';
import type { Mail } from '../setup/mail-outbox';

/**
 * The mail every sign-up queues for the address typed
 * (docs/product/sign-in.md#sign-up-tells): a verify link for a free address, and for one
 * that is taken, reserved or invited a note to its owner. One mail each way, so the outbox
 * is the only place the difference shows, and only to whoever reads that mailbox.
 */
export type SignUpOutcome = 'free' | 'email_taken' | 'reserved' | 'invitation_pending';

const NOT_YOU = 'If you did not ask for this, ignore this mail: nothing changed.';

export function signUpMail(
  to: string,
  outcome: SignUpOutcome,
  publicUrl: string,
  token: string,
): Mail {
  const signIn = `${publicUrl}/auth`;
  switch (outcome) {
    case 'free':
      return {
        to,
        kind: 'sign_up_verify',
        subject: 'Confirm your address to create your account',
        body: [
          'Someone, hopefully you, asked to create an account with this address.',
          '',
          `To confirm it and create the account, open this link within ${SIGN_UP_VERIFY_TTL_HOURS} hours:`,
          `${publicUrl}${VERIFY_PATH}#token=${token}`,
          '',
          'Then sign in with the password you chose when you signed up.',
          'If you did not ask for an account, ignore this mail: no account is created until the link is opened.',
        ].join('\n'),
      };
    case 'email_taken':
      return {
        to,
        kind: 'sign_up_existing_account',
        subject: 'Someone tried to create an account with your address',
        body: [
          'Someone asked to create an account with this address, which already has one.',
          '',
          `If it was you, sign in with your password: ${signIn}`,
          'If you no longer know it, ask an administrator of this service to set a new one.',
          NOT_YOU,
        ].join('\n'),
      };
    case 'reserved':
      return {
        to,
        kind: 'sign_up_reserved',
        subject: 'Someone tried to create an account with your address',
        body: [
          'Someone asked to create an account with this address, which is kept for a system administrator: only the setup of this service creates its account.',
          '',
          `If it was you, sign in with the system administrator's password: ${signIn}`,
          NOT_YOU,
        ].join('\n'),
      };
    case 'invitation_pending':
      return {
        to,
        kind: 'sign_up_invited',
        subject: 'Someone tried to create an account with your address',
        body: [
          'Someone asked to create an account with this address, which has a pending invitation.',
          '',
          `If it was you, open the invitation link you were mailed (it starts with ${publicUrl}${INVITE_PATH}): it creates your account with the roles you were invited with.`,
          NOT_YOU,
        ].join('\n'),
      };
  }
}
