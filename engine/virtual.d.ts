declare module 'virtual:site' {
  export const site: import('./types.ts').SiteModel;
  export const pageLoaders: Record<string, () => Promise<{ default: import('./types.ts').ResolvedPage }>>;
}

declare module 'virtual:search-data' {
  const data: import('./search/searchTypes.ts').SearchData;
  export default data;
}

declare module 'virtual:structured-data' {
  /** Page id → the schema.org objects of its <script type="application/ld+json">. */
  const data: Record<string, Record<string, unknown>[]>;
  export default data;
}
