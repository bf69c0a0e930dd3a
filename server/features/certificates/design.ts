import fs from 'node:fs';
import path from 'node:path';
import type { SiteSettings } from '../../../engine/types.ts';

/** A picture for the PDF: an SVG's text, or a PNG's or JPEG's bytes (what PDFKit embeds). */
export type PrintImage = { kind: 'svg'; svg: string } | { kind: 'bitmap'; data: Buffer };

export interface CertificateDesign {
  logo: PrintImage;
  seal: PrintImage;
  signatories: { name: string; title: string; signature: PrintImage }[];
}

function readImage(root: string, webPath: string): PrintImage {
  const file = path.join(root, 'public', ...webPath.split('/').filter(Boolean));
  return webPath.toLowerCase().endsWith('.svg') ? { kind: 'svg', svg: fs.readFileSync(file, 'utf8') } : { kind: 'bitmap', data: fs.readFileSync(file) };
}

const designs = new Map<string, CertificateDesign>();

/**
 * The printed certificate's artwork and signatories, as authors keep them in
 * data/site.json's "certificateDesign" (checked by the build), with the pictures read
 * from public/: once per process.
 */
export function certificateDesign(root: string): CertificateDesign {
  let design = designs.get(root);
  if (!design) {
    const file = (JSON.parse(fs.readFileSync(path.join(root, 'data', 'site.json'), 'utf8')) as SiteSettings).certificateDesign;
    design = {
      logo: readImage(root, file.logo),
      seal: readImage(root, file.seal),
      signatories: file.signatories.map((s) => ({ name: s.name, title: s.title, signature: readImage(root, s.signature) })),
    };
    designs.set(root, design);
  }
  return design;
}
