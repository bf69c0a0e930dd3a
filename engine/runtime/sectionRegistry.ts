import type { ComponentType } from 'react';
import { registry } from '../generated/sectionRegistry.ts';
import type { SectionMap, SectionType } from '../types.ts';

type LoadedMap = { [K in SectionType]?: ComponentType<SectionMap[K]> };
const loaded: LoadedMap = {};
const pending = new Map<SectionType, Promise<void>>();

function loadOne<K extends SectionType>(type: K): Promise<void> {
  if (loaded[type]) return Promise.resolve();
  let promise = pending.get(type);
  if (!promise) {
    promise = registry[type]().then((module) => {
      (loaded as Record<K, ComponentType<SectionMap[K]>>)[type] = module.default;
    });
    pending.set(type, promise);
    promise.catch(() => pending.delete(type));
  }
  return promise;
}

export function loadSections(types: readonly SectionType[]): Promise<void> {
  return Promise.all(types.map((type) => loadOne(type))).then(() => undefined);
}

export function loadedSection<K extends SectionType>(type: K): ComponentType<SectionMap[K]> {
  const component = loaded[type];
  if (!component) throw new Error(`Section "${type}" was rendered before its code was loaded.`);
  return component as ComponentType<SectionMap[K]>;
}
