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
}

/**
 * The summary above a form after a refused submit: focused (not only announced) so the person starts from it, with
 * a link to each refused field.
 */
export function ErrorSummary({ title, fields, refusal, children }: ErrorSummaryProps) {
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
                  document.querySelector<HTMLElement>(`[name="${field.name}"]`)?.focus();
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
