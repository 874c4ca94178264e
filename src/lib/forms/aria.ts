/** How an input of a server-checked form says it is wrong and where its message is (FieldError). */
export function fieldAria(
  errors: Record<string, string>,
  name: string,
): { 'aria-invalid': 'true' | undefined; 'aria-describedby': string | undefined } {
  return errors[name]
    ? { 'aria-invalid': 'true', 'aria-describedby': `${name}-error` }
    : { 'aria-invalid': undefined, 'aria-describedby': undefined };
}
