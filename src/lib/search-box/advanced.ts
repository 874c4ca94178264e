/**
 * Advanced search's industry rule (SPEC §5/§9): at most MAX_INDUSTRIES ticked. With that many,
 * the other industry boxes are disabled and the rule under them is highlighted; unticking one
 * enables them again. The fieldset carries the limit (`data-max`); without JavaScript the
 * server keeps the first ones and shows the rule.
 */

/** Which boxes stay ticked (a tick past the limit is undone) and whether the limit is reached. */
export function industryChoice(
  ticked: readonly boolean[],
  changed: number,
  max: number,
): { ticked: boolean[]; full: boolean } {
  const next = [...ticked];
  const count = next.filter(Boolean).length;
  if (count > max && next[changed]) next[changed] = false;
  return { ticked: next, full: next.filter(Boolean).length >= max };
}

export function enhanceIndustries(form: HTMLFormElement): void {
  const fieldset = form.querySelector<HTMLFieldSetElement>('fieldset[data-max]');
  if (!fieldset) return;
  const max = Number(fieldset.dataset.max);
  const boxes = Array.from(fieldset.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'));
  const rule = fieldset.querySelector('.sb-rule');
  const apply = (changed: number) => {
    const { ticked, full } = industryChoice(
      boxes.map((b) => b.checked),
      changed,
      max,
    );
    boxes.forEach((box, i) => {
      box.checked = ticked[i] ?? false;
      box.disabled = full && !box.checked;
    });
    rule?.classList.toggle('sb-rule-active', full);
  };
  fieldset.addEventListener('change', (event) => {
    const index = boxes.indexOf(event.target as HTMLInputElement);
    if (index >= 0) apply(index);
  });
  apply(-1);
}
