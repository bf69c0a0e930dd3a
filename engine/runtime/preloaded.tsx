import { createContext, type ReactNode, useContext } from 'react';
import type { PreloadedData } from '../types.ts';

export type { PreloadedData };

const PreloadedContext = createContext<PreloadedData>({});

export function PreloadedProvider({ data, children }: { data: PreloadedData; children: ReactNode }) {
  return <PreloadedContext.Provider value={data}>{children}</PreloadedContext.Provider>;
}

export function usePreloaded(): PreloadedData {
  return useContext(PreloadedContext);
}
