/** A page of a list as the contract shapes it (`?limit=&page=`, page zero-based). */
export interface Paged<T> {
  results: T[];
  total: number;
}
