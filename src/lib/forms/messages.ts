/**
 * English-to-translated maps of the messages a form can show, for the browser checks (FormCheck)
 * and the islands: they validate with the English schemas and show the page's language.
 */
import { keyIn, type Translate } from '~/lib/i18n';
import { ACCOUNT_MESSAGES } from '~/lib/validation/account';
import { PROFILE_MESSAGES } from '~/lib/validation/profile';

const translated = (
  messages: Record<string, string>,
  t: Translate,
  namespace: 'account' | 'profile',
) =>
  Object.entries(messages).map(([key, english]) => [
    english,
    t(keyIn(`${namespace}:messages`, key)),
  ]);

/** The account messages (src/lib/validation/account.ts). */
export function formMessages(t: Translate): Record<string, string> {
  return Object.fromEntries(translated(ACCOUNT_MESSAGES, t, 'account'));
}

/** The account messages and the profile's own (PROFILE_MESSAGES). */
export function profileFormMessages(t: Translate): Record<string, string> {
  return {
    ...formMessages(t),
    ...Object.fromEntries(translated(PROFILE_MESSAGES, t, 'profile')),
  };
}
