import type { CatalogueDownload, CatalogueLine } from '../../../shared/api/catalogue.ts';
import { DOWNLOADS, type CatalogueFormat } from './constants.ts';
import type { CatalogueFile } from './model.ts';
import type { CatalogueRow } from './store.ts';

/** A catalogue line as the API shows it: an explicit field list, never the whole row. */
export function presentItem(item: CatalogueRow): CatalogueLine {
  return {
    id: item.id,
    genus: item.genus,
    species: item.species,
    common_name: item.common_name,
    form: item.form,
    height: item.height,
  };
}

/** A generated file as the downloads list shows it: the public URL, never the storage key. */
export function presentDownload(format: CatalogueFormat, file: CatalogueFile | undefined): CatalogueDownload | null {
  if (!file) return null;
  return {
    url: DOWNLOADS[format].url,
    bytes: Number(file.bytes),
    rows: file.rows,
    revision: file.revision,
    generated_at: new Date(file.generated_at).toISOString(),
  };
}
