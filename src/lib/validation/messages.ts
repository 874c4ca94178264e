/**
 * Messages by translation key. A form's catalogue (`{ key: 'English text' }`) is where a message
 * is written: its schema names `M.key` (the English the API answers, SPEC §5's words) and a page
 * turns an issue back into `ns:messages.key` through the same object, so editing an English text
 * keeps its Hindi and Arabic translation. Which keys exist is checked by `astro check` where the
 * page builds the key from the catalogue's own key type.
 */

/** The catalogue's key of a message, or undefined when the text is not one of its messages. */
export function keyOfMessage<K extends string>(
  messages: Readonly<Record<K, string>>,
  text: string,
): K | undefined {
  for (const key in messages) if (messages[key] === text) return key;
  return undefined;
}
