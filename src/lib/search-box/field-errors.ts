/**
 * A search box field's message, as SearchBox.astro renders the server's: a
 * `<p id="<control id>-error" class="sb-error" role="alert">` at the end of the field, the control
 * marked aria-invalid and described by it.
 */
type Control = HTMLInputElement | HTMLSelectElement;

export function setFieldError(control: Control, message: string | undefined): void {
  const id = `${control.id}-error`;
  const existing = document.getElementById(id);
  if (!message) {
    existing?.remove();
    control.removeAttribute('aria-invalid');
    control.removeAttribute('aria-describedby');
    return;
  }
  const p = existing ?? document.createElement('p');
  if (!existing) {
    p.id = id;
    p.className = 'sb-error';
    p.setAttribute('role', 'alert');
    control.closest('.sb-field')?.append(p);
  }
  p.textContent = message;
  control.setAttribute('aria-invalid', 'true');
  control.setAttribute('aria-describedby', id);
}

/** True when the field shows a message. */
export function hasFieldError(control: Control): boolean {
  return control.getAttribute('aria-invalid') === 'true';
}
