declare module 'virtual:site' {
  export const site: import('./types.ts').SiteModel;
  export const pageLoaders: Record<string, () => Promise<{ default: import('./types.ts').ResolvedPage }>>;
}
