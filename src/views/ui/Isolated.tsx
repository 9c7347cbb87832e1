import { Fragment, type ReactNode } from 'react';

/*
 * Mixed-direction values (a person's name, a store, an email) inside a translated sentence: each value is rendered in
 * its own <bdi>, so 'Invoices of {{name}}' keeps an Arabic name's order in an English sentence and a Latin one in an
 * Arabic sentence. The translation is asked with markers in place of the values, then split around them, so the
 * locale texts stay plain i18next strings.
 */
const open = '\uE000';
const close = '\uE001';
const marker = new RegExp(`${open}([^${close}]*)${close}`);

export function Isolated<V extends Record<string, string>>({ values, children }: { values: V; children: (marked: V) => string }): ReactNode {
  const marked = Object.fromEntries(Object.keys(values).map((key) => [key, `${open}${key}${close}`])) as V;
  // split with a capturing group: even parts are the sentence, odd parts the names of the values between them.
  const parts = children(marked).split(marker);
  return (
    <>
      {parts.map((part, i) => (i % 2 === 1 ? <bdi key={i}>{values[part]}</bdi> : <Fragment key={i}>{part}</Fragment>))}
    </>
  );
}

/**
 * The same isolation where no markup can go (an <option> holds text only): the value between Unicode's first-strong
 * isolate and its pop, the plain-text form of <bdi>.
 */
export const isolatedText = (value: string) => `\u2068${value}\u2069`;
