import { lineStartsOf, positionAt } from '../shared/textPosition.ts';
import type { ContentModel, ParsedFile } from './contentModel.ts';

/** Starts the texts that `npm run new` writes for the author to replace. */
export const TEMPLATE_MARK = '✎';

export interface TemplateReminder {
  file: string;
  line: number;
  text: string;
}

/** Texts still holding the template mark: not errors (the page is valid), but not finished either. */
export function templateReminders(model: ContentModel): TemplateReminder[] {
  const files = new Set<ParsedFile>([model.siteFile, ...model.pages]);
  for (const table of model.entities.values()) for (const record of table.values()) files.add(record.parsed);
  const out: TemplateReminder[] = [];
  for (const parsed of files) {
    const text = parsed.source.text;
    if (!text.includes(TEMPLATE_MARK)) continue;
    const lines = { lineStarts: lineStartsOf(text) };
    for (let i = text.indexOf(`"${TEMPLATE_MARK}`); i !== -1; i = text.indexOf(`"${TEMPLATE_MARK}`, i + 1)) {
      const end = text.indexOf('"', i + 1);
      out.push({ file: parsed.file.rel, line: positionAt(lines, i).line, text: text.slice(i + 1, Math.min(end, i + 60)) });
    }
  }
  return out;
}
