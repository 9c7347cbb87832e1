/**
 * A submission is read against the assignment's snapshot, never trusted as sent: the questions, options and
 * required flags are the snapshot's; only the answers are taken from the request, and only for items that exist.
 */
import type { Section } from '../../src/contract/eforms';
import { eformMessages, isSectionValidated } from '../../src/contract/eforms';

export type Fields = Record<string, string>;

/** The snapshot with the submitted answers filled in, or the field errors (path under sectionlists). */
export function mergeAnswers(snapshot: Section[], submitted: Section[]): { sections: Section[] } | { fields: Fields } {
  const fields: Fields = {};
  const byId = new Map<string, { s: Section; i: number }>();
  submitted.forEach((s, i) => {
    const known = snapshot.find((q) => q.id === s.id);
    if (!known) fields[`sectionlists.${i}.id`] = 'This question is not part of the form';
    else if (known.optionId !== s.optionId) fields[`sectionlists.${i}.optionId`] = 'This question has another type';
    else if (byId.has(s.id)) fields[`sectionlists.${i}.id`] = 'This question is answered twice';
    else byId.set(s.id, { s, i });
  });

  const sections = snapshot.map((q, qi): Section => {
    const got = byId.get(q.id);
    const at = (suffix: string) => `sectionlists.${got?.i ?? qi}.${suffix}`;
    const a = got?.s;
    const merged: Section = {
      ...q,
      textlists: q.textlists.map((t) => ({ ...t, description: a?.textlists.find((x) => x.id === t.id)?.description ?? '' })),
      datelists: q.datelists.map((d) => ({ ...d, description: a?.datelists.find((x) => x.id === d.id)?.description.trim() ?? '' })),
      checklists: q.checklists.map((c) => {
        const sent = new Map(a?.checklists.flatMap((x) => x.checkItems.map((i) => [i.id, i.ischecked] as const)) ?? []);
        return { ...c, checkItems: c.checkItems.map((i) => ({ ...i, ischecked: sent.get(i.id) === true })) };
      }),
      radiolists: q.radiolists.map((r, j) => {
        const chosen = new Set(a?.radiolists.flatMap((x) => x.radioItems.filter((i) => i.description !== '').map((i) => i.description)) ?? []);
        const own = r.radioItems.filter((i) => chosen.has(i.id));
        if (own.length > 1) fields[at(`radiolists.${j}`)] = 'Choose one option';
        return { ...r, radioItems: r.radioItems.map((i) => ({ ...i, description: own[0]?.id === i.id ? i.id : '' })) };
      }),
      dropdownlists: q.dropdownlists.map((d, j) => {
        const value = a?.dropdownlists.find((x) => x.id === d.id)?.description ?? '';
        if (value !== '' && !d.options.some((o) => o.id === value)) fields[at(`dropdownlists.${j}`)] = 'Choose one of the options';
        return { ...d, description: d.options.some((o) => o.id === value) ? value : '' };
      }),
    };
    // Answers naming items the question does not have are refused, not dropped silently.
    if (a) {
      const known = new Set([
        ...q.textlists.map((t) => t.id),
        ...q.datelists.map((d) => d.id),
        ...q.checklists.flatMap((c) => c.checkItems.map((i) => i.id)),
        ...q.dropdownlists.map((d) => d.id),
      ]);
      const radioIds = new Set(q.radiolists.flatMap((r) => r.radioItems.map((i) => i.id)));
      const sentIds = [
        ...a.textlists.map((t) => t.id),
        ...a.datelists.map((d) => d.id),
        ...a.checklists.flatMap((c) => c.checkItems.map((i) => i.id)),
        ...a.dropdownlists.map((d) => d.id),
      ];
      if (sentIds.some((id) => !known.has(id))) fields[at('id')] ??= 'An answer names an option that is not part of the question';
      const sentRadio = a.radiolists.flatMap((r) => r.radioItems.filter((i) => i.description !== '').map((i) => i.description));
      if (sentRadio.some((id) => !radioIds.has(id))) fields[at('radiolists')] ??= 'Choose one of the options';
    }
    const validated = isSectionValidated(merged);
    if (q.isRequired && !validated) fields[`sectionlists.${got?.i ?? qi}`] ??= eformMessages.required;
    return { ...merged, validated: validated ? 1 : 0 };
  });
  return Object.keys(fields).length ? { fields } : { sections };
}
