import { readFileSync } from 'node:fs';
import path from 'node:path';
import { imageSize } from 'image-size';
import type { ProjectPaths } from './projectPaths.ts';

export type ImageSizes = Record<string, { width: number; height: number }>;

/**
 * Intrinsic sizes of local images, so that an image shown at its own aspect
 * ratio (a certificate sample, say) still reserves its space before it loads.
 * Unreadable files are left out; validation already reports missing ones.
 */
export function readImageSizes(paths: ProjectPaths, sources: Iterable<string>): ImageSizes {
  const sizes: ImageSizes = {};
  for (const src of sources) {
    if (!src.startsWith('/') || src in sizes) continue;
    try {
      const { width, height } = imageSize(readFileSync(path.join(paths.publicDir, src)));
      if (width && height) sizes[src] = { width, height };
    } catch {
      // Not an image we can measure: the component falls back to CSS sizing.
    }
  }
  return sizes;
}
