import type { WidgetType } from '../../../../../shared/api/widgets.ts';

/** Props of {@link WidgetTypeIcon}. */
export interface WidgetTypeIconProps {
  type: WidgetType;
  size?: number;
}

/** A small picture of the widget's type: lines of text, or a framed landscape. Decorative. */
export function WidgetTypeIcon({ type, size = 40 }: WidgetTypeIconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="36" height="36" rx="6" fill="currentColor" opacity="0.12" />
      {type === 'TEXT' ? (
        <g stroke="currentColor" strokeWidth="3" strokeLinecap="round">
          <path d="M10 12h20M10 18h20M10 24h20M10 30h12" />
        </g>
      ) : (
        <g fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round">
          <rect x="8" y="9" width="24" height="22" rx="2" />
          <circle cx="15" cy="16" r="2.5" fill="currentColor" />
          <path d="M8 27l8-7 6 5 4-3 6 5" />
        </g>
      )}
    </svg>
  );
}
