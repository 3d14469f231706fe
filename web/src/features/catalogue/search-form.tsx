import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import buttons from '../../components/button.module.css';
import { FormField } from '../../components/form-field.tsx';
import { CATALOGUE_FORMS, CATALOGUE_HEIGHTS } from '../../../../shared/catalogue.ts';
import type { CatalogueFilters, UpdateOptions } from './use-catalogue-params.ts';
import styles from './search-form.module.css';

/** How long typing must pause before the search runs. */
const TYPING_DELAY_MS = 350;

/** Props of {@link SearchForm}. */
export interface SearchFormProps {
  filters: CatalogueFilters;
  /** Genus names to offer (from the answer's facets). */
  genera: string[];
  onChange: (changes: Partial<CatalogueFilters>, options?: UpdateOptions) => void;
}

/**
 * Search over genus and species plus genus, form and height filters. Typing searches after a
 * short pause (replacing the history entry, so Back does not replay every keystroke); a choice in
 * a select applies at once and can be undone with Back. Without JavaScript it is a plain GET form
 * to /catalogue (the named fields are the URL's parameters) sent with the Search button. Its
 * height never depends on the answer or the filters, so nothing below it moves as results come.
 */
export function SearchForm({ filters, genera, onChange }: SearchFormProps) {
  const [draft, setDraft] = useState(filters.q);
  // Follow the URL when it changes under us (Back, Clear filters): the "previous value" pattern.
  const [urlQ, setUrlQ] = useState(filters.q);
  if (urlQ !== filters.q) {
    setUrlQ(filters.q);
    setDraft(filters.q);
  }

  useEffect(() => {
    if (draft === filters.q) return;
    const timer = setTimeout(() => onChange({ q: draft }, { replace: true }), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, filters.q, onChange]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft !== filters.q) onChange({ q: draft });
  };

  // Keep the chosen genus selectable even when the facets of the current answer lack it.
  const genusOptions = filters.genus && !genera.includes(filters.genus) ? [filters.genus, ...genera] : genera;
  const filtered = Boolean(filters.q || filters.genus || filters.form || filters.height);

  return (
    <form className={styles.form} role="search" aria-label="Catalogue" method="get" action="/catalogue" onSubmit={submit}>
      <FormField label="Search genus or species" className={styles.search}>
        {(control) => (
          <div className={styles.searchRow}>
            <input
              {...control}
              type="search"
              name="q"
              value={draft}
              placeholder="e.g. Acer campestre"
              autoComplete="off"
              enterKeyHint="search"
              onChange={(event) => setDraft(event.target.value)}
            />
            <button type="submit" className={buttons.primary}>
              Search
            </button>
          </div>
        )}
      </FormField>
      <FormField label="Genus" className={styles.genus}>
        {(control) => (
          <select {...control} name="genus" value={filters.genus} onChange={(event) => onChange({ genus: event.target.value })}>
            <option value="">All genera</option>
            {genusOptions.map((genus) => (
              <option key={genus} value={genus}>
                {genus}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Form">
        {(control) => (
          <select {...control} name="form" value={filters.form} onChange={(event) => onChange({ form: event.target.value })}>
            <option value="">All forms</option>
            {CATALOGUE_FORMS.map((form) => (
              <option key={form} value={form}>
                {form}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Height (cm)">
        {(control) => (
          <select {...control} name="height" value={filters.height} onChange={(event) => onChange({ height: event.target.value })}>
            <option value="">All heights</option>
            {CATALOGUE_HEIGHTS.map((height) => (
              <option key={height} value={height}>
                {height}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {/* Always laid out (hidden when there is nothing to clear), so the form keeps its height. */}
      <div className={styles.actions}>
        {filtered ? (
          <Link to="/catalogue" className={styles.clear}>
            Clear search and filters
          </Link>
        ) : (
          <span className={`${styles.clear} ${styles.placeholder}`} aria-hidden="true">
            &nbsp;
          </span>
        )}
      </div>
    </form>
  );
}
