import { Notice } from './notice.tsx';
import type { Refusal } from './answer-refusal.ts';
import styles from './quotation-answer.module.css';

/** A refused answer beside its form (always rendered, so a screen reader announces what arrives). */
export function RefusalNotice({ refusal }: { refusal: Refusal | null }) {
  return (
    <div className={styles.refusal}>
      <Notice tone="error">
        {refusal && (
          <>
            {refusal.message}
            {refusal.lines.length > 0 && (
              <ul>
                {refusal.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </>
        )}
      </Notice>
    </div>
  );
}
