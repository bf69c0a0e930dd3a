/**
 * Every word the content editor says, in one place: its server's refusals and answers, and its pages. They live
 * here, beside the editor, and not in data/site.json: those are the site's own words, which visitors' pages carry and
 * the editor itself edits (a word of the editor kept there could be broken from inside the editor, and would ship to
 * every visitor); these are a local staff tool's, read by both halves of the editor from this one module.
 * {name} marks a value filled in (engine/shared/fill.ts); `one`/`other` are the forms of a counted text (fillCount).
 */
import { fillCount } from '../engine/shared/fill.ts';

export const words = {
  /** The sentence of each refusal, by the catalogue's code (editor/server/errors.ts). */
  refusals: {
    VALIDATION_FAILED: 'The editor’s page sent a request its server cannot take ({problem}). Reload the page and try again.',
    BODY_NOT_JSON: 'The editor’s page sent a request its server cannot read (not JSON). Reload the page and try again.',
    BODY_EMPTY: 'The editor’s page sent an empty request. Reload the page and try again.',
    BODY_TOO_LARGE: 'That is more than the editor takes in one request ({megabytes} MB at most).',
    UNSUPPORTED_TYPE: 'The editor takes JSON, or a picture sent with its image type.',
    BAD_REQUEST: 'The editor’s server cannot read this request.',
    NOT_FOUND: 'Not found.',
    NOT_THIS_COMPUTER: 'The editor answers only this computer.',
    WRONG_HOST: 'The editor answers only at http://127.0.0.1:{port} (this request named the host {host}).',
    OTHER_ORIGIN: 'Requests from other sites are refused (this one came from {origin}).',
    OTHER_SITE: 'Requests from other sites are refused.',
    INTERNAL_ERROR: 'Something went wrong in the editor’s server ({reason}); nothing was written. The window running npm run edit says more.',
    NOT_CONTENT_FILE: 'The editor writes only .json files in pages/ and data/; {rel} is not one.',
    OUTSIDE_PROJECT: '{place} leads outside the project (a linked folder); the editor writes only inside it.',
    LINKED_FILE: '{rel} is a link to another file.',
    NOT_A_CONTENT_PLACE: '{rel} is not a place for content: see CONTENT.md for where pages and data files go.',
    NO_SUCH_FILE: 'There is no file {rel}.',
    CONFLICT_NEW_PAGE: 'Someone else has started a page with this name since you began; nothing was written.',
    CONFLICT_DELETED: 'This document was deleted (by another program or person) since you opened it; nothing was written.',
    CONFLICT_CHANGED: 'This document was changed by another program or person since you opened it; nothing was written.',
    SAVE_REFUSED: 'Not saved: {blockers}. Keep it as a draft to finish later.',
    PAGE_NAME_INVALID: '“{name}” cannot be a page name: use letters, digits, spaces, & ’ and -, starting with a letter (at most 50 characters).',
    PAGE_EXISTS: 'A page with the path {path} already exists.',
    FILE_EXISTS: '{rel} already exists; choose another name or edit that file.',
    NOT_A_PICTURE: 'Send the picture itself, with its image type.',
    FOLDER_NAME_INVALID: 'A folder is written with letters, digits, - and _, such as roles/data-analytics.',
    PICTURE_NAME_INVALID: 'A picture name uses letters, digits, - and _ (no spaces) and ends in .svg, .png, .jpg, .webp or .avif.',
    PICTURE_EMPTY: 'The file is empty.',
    PICTURE_TOO_LARGE: 'The picture is {megabytes} MB; at most 2 MB fit. Make it smaller first.',
    PICTURE_NOT_ITS_TYPE: 'This file is not a {kind} picture, though its name ends in .{extension}.',
    SVG_NOT_A_DRAWING: 'This file is not an SVG picture (one <svg> drawing), though its name ends in .svg.',
    SVG_STILL_ACTIVE: 'This SVG still holds {what} after cleaning; the site accepts only plain drawings.',
    PICTURE_EXISTS: 'There is already a picture {path}; choose it from the list, or give this one another name.',
    PUBLISH_REFUSED: 'Not published: {count} to finish first.',
    PUBLISH_RUNNING: 'A publish is under way; undo it once it has finished.',
    NOTHING_TO_UNDO: 'There is no earlier version of the site kept to go back to.',
    RELEASES_BUSY: 'Another build or publish is making a version of the site; wait for it to finish, then try again.',
  },
  /** What the SVG cleaner's last check found still able to run or load (editor/server/svgCleaner.ts), for SVG_STILL_ACTIVE. */
  stillInSvg: {
    unreadable: 'something that cannot be read as XML',
    instruction: 'a processing instruction',
    element: 'a <{name}> element',
    handler: 'the attribute {name}',
    link: 'the link in {name}',
    external: 'a reference to another file in {name}',
  },
  /** A part of a style taken out of an uploaded SVG, as the upload's answer lists it: "url() in style". */
  takenFromSvg: '{what} in {where}',
  /** The kinds of picture, as PICTURE_NOT_ITS_TYPE names them. */
  pictureKinds: { png: 'PNG', jpg: 'JPEG', jpeg: 'JPEG', webp: 'WebP', avif: 'AVIF', svg: 'SVG' },
  /** What stops a save, in one line: the refusal and the form's own line above it use the same words. */
  blockers: {
    problems: { one: '{count} problem to fix', other: '{count} problems to fix' },
    templateTexts: { one: '{count} text marked ✎ to write', other: '{count} texts marked ✎ to write' },
    elsewhere: { one: '{count} problem this change causes on other pages', other: '{count} problems this change causes on other pages' },
    publish: { one: '{count} thing', other: '{count} things' },
  },
  /** The list of documents (editor/server/documents.ts). */
  list: {
    otherPages: 'Other pages',
    siteSettings: 'Site settings',
    siteSettingsDetail: 'Name, addresses, form and chat links, menus, and the words of buttons and messages',
    sharedLists: 'Shared lists',
    home: 'Home',
    stream: '{stream} internships',
    course: '{title} course',
    shortCourse: '{title} short course',
    courseDetails: 'Course details',
    courseDetailsDetail: 'Prices, weeks, syllabus',
    page: 'Page',
    enrolmentPage: 'Enrolment page',
    menuPage: '{menu} page',
    items: { one: '{count} item', other: '{count} items' },
  },
  /** Why the preview shows no page (editor/server/checkDocument.ts). */
  preview: {
    lastGood: 'The preview shows the last version without problems.',
    otherFile: 'The preview needs every file to be valid; {file} has a problem (npm run validate lists it).',
    anotherFile: 'another file',
    noPage: 'No page shows this document yet.',
  },
  /** Publishing (editor/server/publishing.ts). */
  publishing: {
    stages: {
      validate: 'Checking every page and list',
      client: 'Building the pages visitors load',
      server: 'Preparing the pages rendered on request',
      prerender: 'Writing every page',
      compress: 'Compressing the files',
      switch: 'Switching the site to the new version',
    },
    buildStopped: 'The build stopped (exit {code}).',
  },
  /** The editor's pages (editor/app). */
  app: {
    noServer: 'The editor cannot reach its server: is `npm run edit` still running?',
    httpStatus: 'The editor’s server answered HTTP {status}.',
  },
  /** What npm run edit prints. */
  terminal: {
    ready: 'Editor ready at http://127.0.0.1:{port}/ (this computer only). Stop it with Ctrl+C.',
    requestFailed: 'editor: {request} failed:',
    uiSchemaStale: "editor: saved data/site.json, but could not rewrite the UI words' schema: {reason}",
  },
} as const;

/** What stops a save, in one line ("2 problems to fix · 1 text marked ✎ to write"): the refusal's and the form's. */
export function blockersLine(problems: number, templateTexts: number, elsewhere: number): string {
  const { blockers } = words;
  return [
    problems ? fillCount(blockers.problems, problems) : '',
    templateTexts ? fillCount(blockers.templateTexts, templateTexts) : '',
    elsewhere ? fillCount(blockers.elsewhere, elsewhere) : '',
  ]
    .filter(Boolean)
    .join(' · ');
}
