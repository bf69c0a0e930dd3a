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
    NOT_ENGLISH: '{rel} is a translation: open its English document, {english}, and its translation beside it.',
    ENGLISH_UNREADABLE: 'The English of {rel} has a typing mistake that stops its texts from being read. Fix it in English first, then translate it.',
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
    toTranslate: { one: '{count} text to translate', other: '{count} texts to translate' },
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
    /** A document's translation, as lists of problems name it: "Law internships (हिंदी)". */
    translation: '{thing} ({language})',
    items: { one: '{count} item', other: '{count} items' },
  },
  /** The languages the site is translated into, by the name their readers give them. */
  languages: { hi: 'हिंदी' },
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
    /** The frame around everything (EditorApp.tsx). */
    shell: {
      pagesAndLists: 'Pages and lists',
      menuButton: '☰ Pages and lists',
      brand: 'Content editor',
      note: 'Changes are saved in this project; Publish puts them on the site. Only this computer can open the editor.',
      publish: 'Publish…',
      newStream: '+ New internship stream',
      newJobCategory: '+ New job category',
      find: 'Find',
      findPlaceholder: 'a page, a course, words on a page…',
      found: '{count} found for “{query}”',
      finding: 'Finding…',
      foundNothing: 'Nothing has these words in its name or its text.',
      newDrafts: 'Drafts of new pages',
      draft: 'draft',
      draftOf: 'draft of {date}',
      newPage: 'new page',
      loading: 'Loading the pages and lists…',
      partsOf: 'Parts of {thing}',
      /** A part of a thing edited as one (a course's enrolment page): "Python Programming course: enrolment page". */
      partOf: '{thing}: {part}',
      leave: 'You have changes that are not saved. Leave them? (Keep as draft first to finish them later.)',
    },
    welcome: {
      heading: 'What would you like to change?',
      intro:
        'Choose a page or a list on the left (they are grouped as the site’s menus group them), type in Find, or start a new internship stream or job category.',
      tips: [
        'Each field says what it is for. A problem appears in red beside its field as you type, with how to fix it.',
        'Texts that start with ✎ are suggestions from the template: write over them. A page with ✎ left cannot be saved, but you can keep it as a draft.',
        'The preview beside the form shows the page as visitors will see it, on a phone or a desktop.',
        'Undo (Ctrl+Z) takes back any change made since you opened the editor.',
        'Saved changes go on the site when you press Publish; Publish can also undo the last publish.',
        'Each page and list has a हिंदी tab: every text with its Hindi beside it, what is not translated yet and what changed in English since it was translated. The list says how far each one is.',
      ],
    },
    /** The guided start of a stream or a job category (NewPage.tsx). */
    newPage: {
      internship: {
        title: 'New internship stream',
        name: 'Name of the stream',
        example: 'Data Analytics',
        address: 'the page /internship/{address} (made from the name: small letters, hyphens between words)',
      },
      jobs: {
        title: 'New job category',
        name: 'Name of the category',
        example: 'Finance Jobs',
        address: 'the page /jobs/{address} (made from the name: small letters, hyphens between words)',
      },
      intro:
        'You get a complete starting page with example roles. Texts marked ✎ are suggestions to write over; the page can be saved once none is left. It will be {address}, listed in the menu, the search and the sitemap. It starts with its हिंदी beside it, not translated yet (the हिंदी site shows it in English, with a notice): once the English is saved, its हिंदी tab has every text to translate.',
      noNameYet: '…',
      namePlaceholder: 'such as {example}',
      taken: 'There is already a page called {label}.',
      openTaken: 'Open {label}',
      starting: 'Starting…',
      start: 'Start the page',
    },
    /** A document being edited (DocumentEditor.tsx). */
    document: {
      saving: 'Saving…',
      saved: 'Saved at {time}. Publish puts it on the site.',
      keepingDraft: 'Keeping a draft…',
      draftKept: 'Draft kept at {time}: nobody else sees it, and the site does not show it until you save.',
      wholePage: 'The whole page',
      notSavedYet: ' · not saved yet',
      undo: 'Undo',
      undoKeys: 'Ctrl+Z',
      redo: 'Redo',
      redoKeys: 'Ctrl+Shift+Z',
      keepDraft: 'Keep as draft',
      save: 'Save',
      readyToSave: 'No problems: ready to save.',
      unchanged: 'No problems. Nothing changed since it was saved.',
      beforeSave: '{blockers} before it can be saved.',
      checking: 'Checking…',
      placeholderLinks: {
        one: '{count} link is not the real address yet (marked in yellow): it can be saved, but the site cannot be published until the real address is written.',
        other:
          '{count} links are not the real address yet (marked in yellow): it can be saved, but the site cannot be published until the real addresses are written.',
      },
      conflictHelp: 'Your changes are still here. Keep them as a draft, then look at the file on disk and decide what to keep.',
      keepMine: 'Keep my changes as a draft',
      loadFromDisk: 'Load the file from disk (my changes go to undo)',
      onDisk: 'What the file on disk says now',
      draftOffer: 'You kept a draft of this document on {date}.',
      draftOfferChanged: ' The file has changed on disk since then; saving the draft will show the conflict.',
      continueDraft: 'Continue the draft',
      discardDraft: 'Discard the draft',
      showList: 'Show the list',
      fieldsOf: 'Fields of {title}',
      unreadable:
        'This document has a typing mistake that stops the form from opening it. Ask whoever edits the site’s files to correct it, then open it here again.',
    },
    /** A document's translation beside its English (TranslationEditor.tsx, LanguageTabs.tsx, the list). */
    translation: {
      /** The texts of a document that are in no group of their own (a page's title and description). */
      general: 'General',
      /** The tabs above a document: its English and its translation. */
      tabs: 'Language of {thing}',
      english: 'English',
      /** How far a translation is, in a few words (the tab, the list). */
      state: {
        notStarted: 'not translated yet',
        toWrite: { one: '{count} to write', other: '{count} to write' },
        stale: { one: '{count} to check', other: '{count} to check' },
        done: 'translated',
      },
      /** A document's line in the list: "हिंदी: 3 to write"; "हिंदी ✓" once every text is translated and checked. */
      inList: '{language}: {state}',
      inListDone: '{language} ✓',
      /** Above the list: how far the whole site is. */
      summary: '{language}: {done} of {all} translated · {open} to finish · {notStarted} not yet',
      onlyToDo: 'Only what needs {language}',
      intro:
        'Each text of the English with its {language} beside it. Figures, prices, links, names and dates are the English document’s in every language: they are shown once, in grey, and changed in English.',
      notStarted:
        'Not translated yet: the {language} site shows this page in English, with a notice, until its texts are written. Write them all, then save; keep it as a draft to finish another time.',
      counts: '{texts} texts · {written} written · {toWrite} to write · {stale} to check',
      show: 'Show',
      all: 'All texts ({count})',
      toWrite: 'To write ({count})',
      stale: 'To check ({count})',
      withProblems: 'With a problem ({count})',
      nothingShown: 'Nothing here: every text is done.',
      noTexts: 'This document has no text to translate: its values are figures, links and names, the same in every language.',
      fixed: 'Same in every language',
      englishColumn: 'English',
      /** The box of a text's translation, as a screen reader names it: "Title, in हिंदी". */
      textIn: '{place}, in {language}',
      notWritten: 'Not translated yet',
      changed: 'The English changed since this was translated: check that the {language} says what the new English says.',
      was: 'It was',
      now: 'It is now',
      checked: 'Checked',
      checkedHelp: 'The {language} says what the new English says: mark it as checked',
      removed: {
        one: '{count} text the English no longer has: its translation goes when you save.',
        other: '{count} texts the English no longer has: their translation goes when you save.',
      },
      otherProblems: 'About the whole translation:',
      preview: 'Preview',
      /** Beside the English form: what a change of the English leaves to do in the translation. */
      leavesToWrite: {
        one: 'The {language} has {count} text to write: the site can be published once it is written.',
        other: 'The {language} has {count} texts to write: the site can be published once they are written.',
      },
      leavesToCheck: {
        one: 'The {language} of {count} changed text is to check against the new English.',
        other: 'The {language} of {count} changed texts is to check against the new English.',
      },
      openTranslation: 'Open the {language}',
    },
    /** The page beside the form (PreviewPane.tsx). */
    preview: {
      heading: 'Preview',
      width: 'Preview width',
      phone: 'Phone',
      desktop: 'Desktop',
      widthButton: '{device} · {pixels} px',
      drawing: 'Drawing the page…',
      frame: 'Preview at {pixels} px',
    },
    /** Publish (PublishPanel.tsx). */
    publish: {
      heading: 'Publish',
      intro:
        'Publishing puts every saved change on the site. Everything is checked first; while anything has a problem, a ✎ text or a link that is only a placeholder, nothing is published and the list below takes you to each. The site goes on showing the version it shows now until the new one is complete, so visitors never see half of it.',
      publishing: 'Publishing…',
      publishNow: 'Publish now',
      refusedHelp: 'Nothing on the site has changed. Each line opens the field to fix:',
      progress: 'Progress',
      stageDone: ' (done)',
      stageRunning: ' (under way)',
      stageWaiting: ' (waiting)',
      failed: 'The publish stopped before the end, so the site is exactly as it was. What went wrong: {message}',
      publishedAt: 'Published at {time}',
      shownNow: '{changes} The site shows the new version now; pages people already have open keep working.',
      added: 'Added',
      changed: 'Changed',
      removed: 'Removed',
      pageCount: '{title} ({count})',
      history: 'What was published when',
      byEditor: 'published from the editor',
      byBuild: 'built',
      current: 'on the site now',
      undo: 'Undo the last publish',
      confirmUndo: 'Put the site back as it was on {before}? The version published {current} is kept and can be published again.',
      undone: 'The site is back as it was on {before}. Your saved changes are still here: Publish puts them on the site again.',
      nothingToUndo: 'There is no earlier version kept to go back to.',
      nothingYet: 'Nothing has been published from this computer yet.',
      /** What a version changed, in a few words: "2 pages added, 1 changed." */
      changes: {
        first: 'The first version of the site.',
        none: 'Nothing visitors see changed.',
        added: { one: '{count} page added', other: '{count} pages added' },
        changed: { one: '{count} page changed', other: '{count} pages changed' },
        removed: { one: '{count} page removed', other: '{count} pages removed' },
        menus: 'the menus changed',
        list: '{parts}.',
      },
    },
    /** The fields of a form (form/SchemaField.tsx, form/inputs.tsx, form/formModel.ts). */
    form: {
      optional: ' (optional)',
      remove: 'Remove',
      removeField: 'Remove {name}',
      add: 'Add:',
      unknown: '“{name}”: {value}',
      removeUnknown: 'Remove “{name}”',
      newName: 'Name of a new one',
      newNamePlaceholder: 'such as Scholarship form',
      addNamed: 'Add',
      item: '{item} {number}',
      /** An item where a problem is, with what it holds: "Role 2 (Legal Research Intern)". */
      itemSummary: '{item} ({summary})',
      /** An item of a list whose name is not known. */
      anItem: 'Item',
      itemOfKind: '{title}: {kind}',
      moveUp: 'Move {item} {number} up',
      moveDown: 'Move {item} {number} down',
      removeItem: 'Remove {item} {number}',
      addOfKind: 'Add a {item} of the kind',
      choose: 'Choose…',
      addItem: 'Add {item}',
      addItemButton: '+ Add {item}',
      problems: { one: '{count} problem', other: '{count} problems' },
      unknownKind: 'This {item} has no known kind; remove it and add one of the kinds offered below the list.',
      suchAs: 'such as {example}',
      searchChoices: 'Type to search the {count} choices by name.',
      settingLink: 'A link the site settings keep',
      notAChoice: '{value} (not one of the choices)',
      closePictures: 'Close the pictures',
      choosePicture: 'Choose a picture',
      close: 'Close',
      findPicture: 'Find a picture',
      findPicturePlaceholder: 'such as law or certificate',
      uploadHelp: 'Or upload a picture from this computer (.svg, .png, .jpg, .webp or .avif, at most 2 MB, a name without spaces):',
      folder: 'Folder in public/images',
      picture: 'Picture',
      savedAs: 'Saved as {path}.',
      uploading: 'Uploading…',
      /** The form's words for property names that mean something only to whoever writes the JSON (a schema's x-label says better). */
      plainNames: {
        id: 'Short name',
        ids: 'Short names',
        href: 'Link',
        src: 'Picture',
        path: 'Address on the site',
        url: 'Address',
        aliases: 'Other addresses',
        nav: 'In the menu',
        faq: 'Questions and answers',
        faqs: 'Questions and answers',
        cta: 'Call to action',
        seo: 'Search engines',
      } as Record<string, string>,
    },
  },
  /** What npm run edit prints. */
  terminal: {
    ready: 'Editor ready at http://127.0.0.1:{port}/ (this computer only). Stop it with Ctrl+C.',
    requestFailed: 'editor: {request} failed:',
    /** Why an answer was not sent (INTERNAL_ERROR's reason): the server's fault, not the person's. */
    answerNotAsDeclared: 'its answer does not match its schema ({place} {problem})',
    theAnswer: 'the answer',
    uiSchemaStale: "editor: saved data/site.json, but could not rewrite the UI words' schema: {reason}",
  },
} as const;

/** What stops a save, in one line ("2 problems to fix · 1 text marked ✎ to write"): the refusal's and the form's. */
export function blockersLine(problems: number, templateTexts: number, elsewhere: number, toTranslate = 0): string {
  const { blockers } = words;
  return [
    problems ? fillCount(blockers.problems, problems) : '',
    templateTexts ? fillCount(blockers.templateTexts, templateTexts) : '',
    elsewhere ? fillCount(blockers.elsewhere, elsewhere) : '',
    toTranslate ? fillCount(blockers.toTranslate, toTranslate) : '',
  ]
    .filter(Boolean)
    .join(' · ');
}
