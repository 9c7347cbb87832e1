import { visuallyHidden } from '../ui/visuallyHidden.css';
import * as styles from './badge.css';

/**
 * The unread count as a small pill (hidden from screen readers). `label` is read out after the element's own
 * text; `description` (with `id`) is a hidden text an element names with aria-describedby.
 */
export function UnreadBadge({ count, label, id, description }: { count: number; label?: string; id?: string; description?: string }) {
  return (
    <>
      {/* The count is drawn by CSS, not as text: a button's visible text stays the name its label contains. */}
      <span className={styles.badge} aria-hidden="true" data-count={count > 99 ? '99+' : String(count)} />
      {label && <span className={visuallyHidden}>{`, ${label}`}</span>}
      {description && (
        <span id={id} className={visuallyHidden}>
          {description}
        </span>
      )}
    </>
  );
}
