declare module 'virtual:site' {
  /** The English site model (its route table holds every language's pages). */
  export const site: import('./types.ts').SiteModel;
  /** One site model per language: menus, footer and words in it. */
  export const sites: Record<import('./shared/language.ts').Language, import('./types.ts').SiteModel>;
  export const pageLoaders: Record<string, () => Promise<{ default: import('./types.ts').ResolvedPage }>>;
}

declare module 'virtual:search-data-en' {
  const data: import('./search/searchTypes.ts').SearchData;
  export default data;
}

declare module 'virtual:search-data-hi' {
  const data: import('./search/searchTypes.ts').SearchData;
  export default data;
}

declare module 'virtual:structured-data' {
  /** Page id → the schema.org objects of its <script type="application/ld+json">. */
  const data: Record<string, Record<string, unknown>[]>;
  export default data;
}
