import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { alert, summaryList } from './alert.css';

export interface ErrorSummaryProps {
  /** What went wrong, in one sentence. */
  title: string;
  /** The refused fields: their label (none when the message names the field itself) and the message the field shows. */
  fields: readonly { name: string; label?: string | undefined; message: string }[];
  /** Changes with each refused submit: focus moves here again, so a keyboard or screen-reader user hears it. */
  refusal: unknown;
  /** What the person can do about it (e.g. load the version someone else saved). */
  children?: ReactNode;
  /**
   * The control that shows a field's message, for names no input carries (a row's message, a group of controls);
   * by default the summary's form's control of that name, else of the nearest name the dotted one starts with.
   */
  fieldOf?: (name: string, form: ParentNode) => HTMLElement | null;
}

/**
 * `hours.mon.closes`, then `hours.mon`, then `hours`: the first a control of the form is named; for a message about
 * a list (`lines`), its first control (`lines.1`).
 */
export function controlNamed(name: string, form: ParentNode): HTMLElement | null {
  const parts = name.split('.');
  for (let length = parts.length; length > 0; length--) {
    const found = form.querySelector<HTMLElement>(`[name="${CSS.escape(parts.slice(0, length).join('.'))}"]`);
    if (found) return found;
  }
  return form.querySelector<HTMLElement>(`[name^="${CSS.escape(`${name}.`)}"]`);
}

/**
 * The summary above a form after a refused submit: focused (not only announced) so the person starts from it, with
 * a link to each refused field.
 */
export function ErrorSummary({ title, fields, refusal, children, fieldOf = controlNamed }: ErrorSummaryProps) {
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusal) summary.current?.focus();
  }, [refusal]);
  return (
    <div ref={summary} role="alert" tabIndex={-1} className={alert}>
      <p>{title}</p>
      {fields.length > 0 && (
        <ul className={summaryList}>
          {fields.map((field) => (
            <li key={field.name}>
              <a
                href={`#${field.name}`}
                onClick={(event) => {
                  event.preventDefault();
                  // Within the summary's own form: two forms on a page may have fields of the same name.
                  const form = summary.current?.closest('form') ?? document;
                  (fieldOf(field.name, form) ?? controlNamed(field.name, document))?.focus();
                }}
              >
                {field.label ? `${field.label}: ${field.message}` : field.message}
              </a>
            </li>
          ))}
        </ul>
      )}
      {children}
    </div>
  );
}
