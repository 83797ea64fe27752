import { enCompose } from './en-compose';
import { enUi } from './en-ui';

/**
 * Every sentence Atmark shows a person, in English: the reference catalogue. ja.ts and ko.ts must
 * have exactly the same keys (the type below makes a missing key a compile error, and
 * catalogues.test.ts checks it again at run time).
 *
 * Interpolation: `{{name}}`; `{{n, number}}` for a count in the locale's digits, `{{n, bytes}}` for a
 * size, `{{ms, seconds}}` for a duration in seconds. Plurals: `key_one` / `key_other` with `count`.
 * Optional details are passed already wrapped (` (detail)`) or as '' so one sentence serves both.
 */
export const en = {
  kind: {
    file: 'file',
    folder: 'folder',
  },
  grammar: {
    emptyGit: 'the commit count is missing: write it as @git:3',
    emptyValue: 'nothing follows @{{kind}}: write a value after the colon, in quotes if it contains spaces',
    unclosedQuote: 'the quote {{quote}} is not closed on this line: close it after the value',
    gitCount: '"{{value}}" is not a whole number of commits: write it as @git:3',
    range: '"{{spec}}" is not a line range: write :N for one line or :N-M for lines N to M, counting from 1',
    rangeStart: 'line range "{{spec}}" starts before line 1: lines count from 1',
    rangeOrder: 'line range "{{spec}}" ends before it starts: write the smaller number first',
  },
  fs: {
    notFound: '{{kind}} not found: {{shown}}. Check the spelling; relative paths start at the workspace folder.',
    invalid: '{{kind}} not found: {{detail}}. Remove the character and try again.',
    invalidDefault: 'the path is not valid',
    loop: '{{kind}} not found: {{shown}} is a symbolic link that points back at itself. Refer to the real {{kind}} instead.',
    tooLong: '{{kind}} not found: the path is longer than the system allows. Check the path.',
    isFolder: 'file not found: {{shown}} is a folder. To list it, use @folder:{{ref}}.',
    isFile: 'folder not found: {{shown}} is a file. To attach it, use @file:{{ref}}.',
    outside:
      'path is outside the allowed workspace: {{shown}}. Move it into the workspace folder, or drop the file onto the composer to allow that one file.',
    protected:
      'path is a sensitive credential file ({{detail}}): {{shown}}. Atmark never attaches it; paste the part you need into the prompt yourself, without secrets.',
    notRegular: '{{shown}} is a {{detail}}, not a regular file, so it cannot be attached. Attach a text file instead.',
    aborted: 'reading {{shown}} was cancelled before it finished. It will be read again on the next change.',
    ioError: 'could not read {{shown}} ({{detail}}). Check that the {{kind}} is readable.',
    ioErrorDefault: 'input/output error',
    tooLarge:
      '{{kind}} is too large to attach: {{shown}} is {{bytes, bytes}}, the limit for one reference is {{limit, bytes}}. Attach a narrower line range, e.g. @file:{{ref}}:1-200.',
    rangeTooLarge:
      'the text of {{range}} of {{shown}} is larger than the limit of {{limit, bytes}} for one reference. Attach a narrower line range.',
    scanTooLarge:
      'file is too large to attach: Atmark reads at most the first {{limit, bytes}} of a file to find lines, and {{shown}} is larger. Attach a range near the start of the file.',
    binary: 'binary files are not supported: {{shown}}. Attach a text file, or describe the file in the prompt.',
    emptyNoLine: 'file {{shown}} is empty, so it has no line {{start}}. Attach the whole file instead.',
    pastEnd_one: 'file {{shown}} has {{count, number}} line; line {{start}} is past its end. Use a range within 1-{{count}}.',
    pastEnd_other: 'file {{shown}} has {{count, number}} lines; line {{start}} is past its end. Use a range within 1-{{count}}.',
    clampedRange: 'file {{shown}} has {{count}} lines, so lines {{start}}-{{count}} were attached instead of {{start}}-{{end}}.',
    folderTimeout:
      'listing folder {{shown}} took longer than {{ms, seconds}} s and was stopped. List a smaller folder, such as one of its subfolders.',
    folderTooLarge:
      'the listing of folder {{shown}} is {{bytes, bytes}}, more than the limit of {{limit, bytes}} for one reference. List one of its subfolders instead.',
  },
  git: {
    noUnstaged: 'no unstaged changes: the tracked files in {{repo}} match the index (git diff shows nothing)',
    noStaged: 'no staged changes: the index in {{repo}} matches the last commit (git diff --staged shows nothing)',
    noCommits: 'the repository at {{repo}} has no commits yet',
    protectedPath:
      'the {{what}} include {{path}}, a protected path ({{reason}}); Atmark never attaches it. Attach the other files with @file instead',
    tooLarge:
      'the {{what}} are larger than {{limit, bytes}}, more than one reference may attach; commit or stash some of them, or raise the limit in Settings',
    clamped:
      'asked for {{asked}} commits; attached the last {{used}} (a git reference attaches 1 to {{max}} commits; the maximum can be changed in Settings)',
    timeout: 'reading git took longer than {{ms, seconds}} s and was stopped; try again, or raise the git time limit in Settings',
    cancelled: 'reading git was cancelled',
    error: 'git could not be read: {{detail}}',
    errorIn: 'git could not be read in {{repo}}: {{detail}}; check the repository with `git fsck`',
    objectMissing:
      'a git object{{oid}} that this history needs is missing from the repository at {{repo}}; run `git fsck` there, then fetch or re-clone to restore it',
    objectDamaged:
      'a git object{{oid}} in the repository at {{repo}} is damaged and cannot be read; run `git fsck` there to find it, and restore it from a clone or a backup',
    fileProblem: 'the git file {{file}} could not be read ({{code}}), so the repository could not be read; check it with `git fsck`, or re-clone the repository',
    fileNotRegular:
      'the git file {{file}} is a {{kind}}, not a regular file, so Atmark did not read it; the repository looks damaged or was altered on purpose: replace it with the file git expects, or re-clone the repository',
    fileKind: {
      fifo: 'pipe (FIFO)',
      socket: 'socket',
      device: 'device',
      folder: 'folder',
      special: 'special file',
    },
    fileTooLargeToCompare:
      '{{path}} is larger than {{max, bytes}}, too large to compare for the {{what}} (git shows it as text); attach its first part with @file:{{ref}}:1-{{lines}}, which fits one reference, or commit or stash it',
    objectTooLarge:
      'a git object{{oid}} in the repository at {{repo}} unpacks to more than {{limit, bytes}}, more than Atmark reads; a file that large cannot be attached as text: leave it out of the reference, or attach a part of it with @file and a line range',
    fileTooLarge: 'the git file {{file}} is far larger than git writes it, so Atmark did not read it; the repository looks damaged: check it with `git fsck`, or re-clone it',
    nothingInWorkspace_one:
      "no {{what}} inside the workspace folder {{prefix}}/: the {{count, number}} change in this repository lies outside it; open the repository's top folder as the workspace to see it",
    nothingInWorkspace_other:
      "no {{what}} inside the workspace folder {{prefix}}/: the {{count, number}} changes in this repository lie outside it; open the repository's top folder as the workspace to see them",
    whatUnstaged: 'unstaged changes',
    whatStaged: 'staged changes',
    whatLog: 'commits',
  },
  engine: {
    noRoom:
      "the prompt ({{prompt, number}} tokens) and its attachments ({{attached, number}}) leave less than a quarter of the model's {{contextLength, number}} tokens for the answer: shorten the prompt or remove references",
    badContextLength: 'the context length must be a whole number of tokens above 0, not {{value}}',
    workspaceNotFound: 'workspace folder not found: {{path}}',
    workspaceNotAFolder: 'the workspace must be a folder, and {{path}} is a file',
    tooManyReferences:
      'more than {{max}} references in one prompt: this one was not expanded. Remove some references, or raise the limit in Settings',
    tooLargeFile: 'the text is {{bytes, bytes}}, over the limit of {{max, bytes}} for one reference: attach a narrower line range, e.g. @file:PATH:1-200',
    tooLargeOther: 'the text is {{bytes, bytes}}, over the limit of {{max, bytes}} for one reference: narrow it down, or raise the limit in Settings',
    totalExceeded:
      'attaching this would pass the limit of {{max, bytes}} for all references together: remove or narrow earlier references',
    softLimit:
      "the attached context is {{tokens, number}} tokens, over a quarter of the model's context ({{soft, number}} of {{contextLength, number}}); it is attached, but leaves less room for the answer",
    hardLimit:
      "the attached context would be {{tokens, number}} tokens, over the hard limit of {{hard, number}} (half of the model's {{contextLength, number}}): nothing is attached. Remove references or narrow line ranges, then try again",
    timedOut: 'gave up after {{seconds}} s: the source took too long to answer',
    cancelled: 'cancelled before it finished',
    crashed: 'could not be read: {{detail}}',
    metadataRedacted_one:
      'a secret in the names this reference reports (file names, paths, URLs) was replaced by [REDACTED:rule] in the citation, the header and the warnings; rename the file to keep it out',
    metadataRedacted_other:
      '{{count, number}} secrets in the names this reference reports (file names, paths, URLs) were replaced by [REDACTED:rule] in the citation, the header and the warnings; rename the file to keep them out',
  },
  secrets: {
    redacted_one:
      '1 secret was redacted: {{tally}}. They were replaced by [REDACTED:rule] before anything was counted, stored or sent; if the model needs a value, describe it instead of attaching it.',
    redacted_other:
      '{{count, number}} secrets were redacted: {{tally}}. They were replaced by [REDACTED:rule] before anything was counted, stored or sent; if the model needs a value, describe it instead of attaching it.',
    invisible_one:
      '1 invisible character was made visible or removed: {{tally}}. Such characters can hide or reorder text, so that what you see differs from what the model reads; check the original if the text looks wrong.',
    invisible_other:
      '{{count, number}} invisible characters were made visible or removed: {{tally}}. Such characters can hide or reorder text, so that what you see differs from what the model reads; check the original if the text looks wrong.',
    tallyItem: '{{n}} × {{label}}',
    invisibleKind: {
      bidi: 'text direction control',
      tag: 'tag character',
      'zero-width': 'zero-width character',
      'variation-selector': 'variation selector',
      format: 'invisible format character',
      filler: 'blank filler character',
    },
  },
  doc: {
    format: {
      pdf: 'PDF',
      docx: 'Word document',
      xlsx: 'Excel workbook',
      pptx: 'PowerPoint deck',
      odt: 'OpenDocument text',
      ods: 'OpenDocument spreadsheet',
      odp: 'OpenDocument presentation',
      png: 'PNG image',
      jpeg: 'JPEG image',
      webp: 'WebP image',
      gif: 'GIF image',
    },
    count: {
      page_one: '{{count, number}} page',
      page_other: '{{count, number}} pages',
      slide_one: '{{count, number}} slide',
      slide_other: '{{count, number}} slides',
      sheet_one: '{{count, number}} sheet',
      sheet_other: '{{count, number}} sheets',
    },
    range: {
      page: 'page {{start}}',
      pages: 'pages {{start}}–{{end}}',
      slide: 'slide {{start}}',
      slides: 'slides {{start}}–{{end}}',
      sheet: 'sheet {{start}}',
      sheets: 'sheets {{start}}–{{end}}',
    },
    tooBig: '{{shown}} is {{size, bytes}}, over the {{cap, bytes}} Atmark reads from a document. Split it, or export the pages you need to a smaller file.',
    deadlineWork: 'reading the {{format}} took more than {{ms, seconds}} s of work and was stopped. {{advice}}',
    deadlineWorkAt: 'reading the {{format}} was stopped after {{ms, seconds}} s of work, at {{position}} of {{total, number}}. {{advice}}',
    deadlineIdle: 'reading the {{format}} made no progress for {{ms, seconds}} s and was stopped. {{advice}}',
    deadlineClock: 'reading the {{format}} did not finish within {{ms, seconds}} s and was stopped. {{advice}}',
    retryAdvice: 'Press Retry to let it take as long as it needs, or raise "Time for a document" in Settings.',
    retryAdviceLarge: 'Press Retry to let it take as long as it needs, or attach a smaller page range.',
    memory: 'reading the {{format}} needed more than the {{mb, number}} MiB it may use and was stopped. Attach a smaller page range, or a smaller file.',
    memorySmall: 'reading the {{format}} needed more than the {{mb, number}} MiB it may use and was stopped. The file may be damaged, or made to exhaust memory.',
    encrypted: 'the {{format}} is encrypted or password-protected. Save a copy without a password and attach that.',
    damaged: 'the {{format}} is damaged and cannot be read. Open it, save it again, and attach the new copy.',
    bomb: 'the {{format}} would decompress to more than {{limit, bytes}}, as a zip bomb does, so it was not read.',
    noTextLayer: 'no text layer: the PDF looks scanned; run OCR first',
    scannedPages: 'no text layer on {{count, number}} of the pages attached ({{pages}}): they look scanned; run OCR on them to attach their text',
    unsupported: 'this kind of {{format}} cannot be read as text. Save it as .docx, .xlsx, .pptx or PDF and attach that.',
    aborted: 'reading the {{format}} was cancelled',
    failed: 'the {{format}} could not be read. Try again; if it keeps failing, save it again and attach the new copy.',
    ole: 'this Office file is password-protected or in the old binary format (.doc, .xls, .ppt). Save it as .docx, .xlsx or .pptx without a password and attach that.',
    notADocument: 'the file is named like a {{format}} but its content is not one, or it is damaged. Open it, save it again, and attach the new copy.',
    macros: 'the document holds macros; they were ignored (never run, not attached).',
    embedded: 'the document holds embedded objects; they were ignored.',
    externalLinks: 'the document links to other files; the links were not followed.',
    images: 'images were left out; only text is attached.',
    flowingRange: 'a {{format}} holds no fixed pages, so it takes no range. Remove the range to attach the whole document.',
    pastEnd: '{{shown}} has {{units}}; use a range within 1-{{count}}.',
    clamped: '{{shown}} has {{units}}; attached {{attached}} of the {{asked}} asked for.',
    tooLarge: 'the text is over the per-reference limit of {{limit, bytes}}: {{range}} fit; write {{hint}}.',
    tooLargeAlone: 'the text is over the per-reference limit of {{limit, bytes}}: {{range}} alone passes it. Attach another one, or copy the part you need into a text file.',
    tooLargeWhole: 'the text is over the per-reference limit of {{limit, bytes}}. Copy the part you need into a text file and attach that.',
    urlTooLarge: 'the {{format}} is over the per-reference limit of {{limit, bytes}}. Save it into the workspace and attach a page range with @file:NAME:FIRST-LAST.',
    empty: 'the {{format}} holds no text to attach.',
    imagePixels: 'the {{format}} is {{width, number}} × {{height, number}} pixels, over the {{megapixels, number}} megapixels (or {{side, number}} pixels a side) Atmark reads, so it was not opened. Scale it down or crop the part with the text, and attach that.',
    imagePixelsUnknown: 'the {{format}} is over the {{megapixels, number}} megapixels (or {{side, number}} pixels a side) Atmark reads, so it was not opened. Scale it down or crop the part with the text, and attach that.',
    imageNoText: 'no text was found in the {{format}}.',
    ocrLowConfidence: 'the text was read from the image with low confidence ({{confidence, number}} of 100): check it against the image before you rely on it.',
  },
  net: {
    invalidUrl: 'not a valid URL: write a full address such as https://example.com/page',
    unsupportedScheme: 'unsupported URL scheme{{d}}: only http:// and https:// pages can be attached',
    userinfo: 'URLs with a user name or password are not fetched: remove the part before "@" in the address',
    privateAddress: 'private network address{{d}}: Atmark fetches only public pages. {{hint}}',
    allowHintWindow: 'If you trust this server, add {{entry}} to the "Allowed hosts" setting.',
    allowHint: 'If you trust this server, allow it with --allow-host {{entry}} (or the "Allowed hosts" setting).',
    dnsFailed: 'host not found{{d}}: check the address and your connection',
    connectionFailed: 'could not connect{{d}}: check the address and your connection',
    tooManyRedirects: 'too many redirects (more than {{max}}): open the link in a browser and attach the final address',
    badRedirect: 'the server redirected to an address that is not valid',
    timeout: 'the page took too long{{d}}: try again, or raise the URL time limit in Settings',
    timeoutDetail: ' (more than {{limit}})',
    aborted: 'the request was cancelled',
    tooLarge: 'the page is too large{{d}}: attach a smaller page or raise the URL size limit in Settings',
    tooLargeDetail: ' (more than {{limit}})',
    unsupportedEncoding: 'the server sent the page in an unsupported compression{{d}}',
    badResponse: 'the server sent a broken response{{d}}',
    pageNotFound: 'page not found ({{http}}): check the address',
    accessRefused:
      'the server refused access ({{http}}): Atmark fetches pages without signing in; attach a public page, or save the page and attach the file',
    rateLimited: 'the server is limiting requests ({{http}}): try again later',
    serverFailed: 'the server failed ({{http}}): try again later',
    notSent: 'the server did not send the page ({{http}})',
    binary: 'binary content is not supported{{d}}: only web pages, plain text, Markdown and JSON can be attached',
    noContent:
      'no content extracted: the page has no readable main text (it may need JavaScript); save the text to a file and attach that instead',
    pageTooLarge:
      "the page's main text is too large (about {{kib}} KiB, more than {{limit}}): attach a shorter page, or raise the per-reference limit in Settings",
    emptyBody: 'no content extracted: the server sent an empty page',
    pageDeadline:
      "the page's HTML could not be turned into text within {{ms, seconds}} s (it is too large or too deeply nested): save the text you need to a file and attach that",
    pageMemory:
      "the page's HTML needs more memory than extraction may use (it is too large or too deeply nested): save the text you need to a file and attach that",
    pageFailed: 'no content extracted: the page could not be turned into text; save the text you need to a file and attach that',
  },
  model: {
    detail: ' ({{detail}})',
    stopped: 'Stopped: the reply so far is kept.',
    stalled: '{{name}} stopped sending{{d}}: the reply so far is kept. Send again, or check that the server is still running.',
    stalledDetail: 'nothing for {{seconds}} s',
    timeout: '{{name}} took too long{{d}}: the reply so far is kept. Send again, or try a shorter prompt.',
    invalidEndpoint: 'The address of {{name}} cannot be used{{d}}: fix its base URL in Settings.',
    dnsFailed: 'The host of {{name}} was not found{{d}}: check its base URL in Settings and your connection.',
    connectionFailed: 'Could not connect to {{name}}{{d}}: check that the server is running and its base URL in Settings is right.',
    connectionClosed: 'the connection was closed',
    redirected: '{{name}} answered with a redirect{{d}}: put the final address as its base URL in Settings.',
    unauthorized: '{{name}} refused the API key{{d}}: check the key in Settings.',
    forbidden: '{{name}} refused access{{d}}: check that the key may use this model.',
    notFound: '{{name}} has no such model or address{{d}}: check the model name and the base URL in Settings.',
    badRequest: '{{name}} rejected the request{{d}}.',
    rateLimited: '{{name}} is limiting requests or the quota is used up{{d}}: wait a moment and send again.',
    serverError: '{{name}} failed while answering{{d}}: try again later.',
    httpError: '{{name}} answered with an error{{d}}.',
    malformedStream:
      '{{name}} sent a reply Atmark could not read{{d}}: the reply so far is kept. Check that the base URL points at an OpenAI-compatible server.',
    incompleteStream: 'The connection to {{name}} ended before the reply was complete{{d}}: the reply so far is kept. Send again.',
    tooLarge: 'The reply from {{name}} was too large{{d}} and was cut off.',
  },
  service: {
    folderNotFound: 'The folder "{{path}}" was not found; check the path and try again.',
    notAFolder: '"{{path}}" is a file, not a folder; open the folder that contains it instead.',
    fileNotFound: 'The file "{{path}}" was not found; it may have been moved or deleted.',
    notAFile: '"{{path}}" is not a regular file; only files can be attached with @file.',
    protectedFile: '"{{path}}" is a sensitive credential file ({{reason}}) and is never attached.',
    unwritablePath: 'The path "{{path}}" cannot be written as a reference; rename the file or copy it into the workspace.',
    noWorkspace: 'No workspace is open; open a folder first (Open folder, or drop a folder on the window).',
    cancelled: 'The request was cancelled because newer input replaced it.',
    unsupportedHere: '{{what}} is not available here.',
    expandFailed: 'Expanding the prompt failed: {{reason}}',
    settingsInvalid: 'The settings were not saved: {{where}}{{why}}. Correct the field and save again.',
    settingsChangedElsewhere:
      'The settings were changed in another window after this one read them, so these changes were not saved (they would have undone the other window’s). The settings now shown are the ones on disk: make your changes again and save.',
    settingsNotSaved: 'The settings could not be written to disk ({{why}}); check that the settings folder is writable.',
    noKeyPlace: 'The endpoint "{{id}}" does not use an API key; choose an endpoint that needs one, or save the settings first.',
    noSessions: 'Sessions are not kept here because no user-data folder was given.',
    sessionNotFound: 'That session was not found; it may have been deleted.',
    runNotFound: 'That run was not found in the session; it may have been deleted.',
    sendBusy: 'A reply is still streaming; wait for it or press Stop, then send again.',
    stoppedBeforeSending: 'Stopped before anything was sent.',
    sendFailed: 'Sending failed: {{reason}}',
    gitUnavailable: 'This workspace is not a git repository, so there are no commits to offer.',
    forbidden: 'This page is not allowed to use Atmark.',
    malformedRequest: 'The request "{{name}}" was malformed{{where}}: {{issue}}.',
    socketNotJson: 'The message was not valid JSON, so it was not run; send {"t":"call","id":N,"name":"...","payload":{...}}.',
    socketNotACall: 'The message was not a call: it needs "t": "call", a whole-number "id", a "name" and a "payload".',
    socketBinary: 'Binary WebSocket messages are not accepted; send the call as JSON text.',
  },
  session: {
    noSuchResult: 'this session has no such result',
    foreignResult: 'result {{id}} belongs to another session and was not used',
    damagedResult: 'result {{id}} is damaged (its text no longer matches what was stored) and was not used',
    notASession:
      '{{dir}} is not an Atmark session folder (it has files but no session.json): pass an empty or new folder, or an existing session',
    sessionDamaged: 'the session in {{dir}} is damaged (session.json cannot be read): start a new session',
    cannotCreate: 'could not create the session folder {{dir}} ({{why}})',
    interrupted: 'The app closed while this reply was streaming; the reply is kept as far as it was saved.',
    blocked:
      'Nothing was sent: the attached context passes the hard token limit. Remove a reference or use a narrower line range, then send again.',
    saveFailed: 'Nothing was sent because the run could not be recorded: {{why}}',
    keptAside:
      '{{name}} could not be read ({{why}}), so Atmark started a fresh one and kept the damaged file as {{keptAs}}; open it to recover anything you need from it.',
    couldNotKeepAside:
      '{{name}} could not be read ({{why}}) and could not be moved aside ({{error}}); Atmark will not write over it: move or repair it yourself.',
    draftChangedElsewhere:
      'The draft was also changed in another window. So that neither is lost, this window’s draft is now saved in {{file}}, and the other window’s stays in draft.json; copy what you need from one to the other.',
    draftNotSaved: 'Your draft could not be saved ({{why}}); it stays in the composer, but copy it somewhere safe until this notice goes away.',
    draftTooLarge:
      'Your draft is larger than {{limit, bytes}} and is no longer saved to disk; it stays in the composer, but copy it somewhere safe, or shorten it.',
  },
  settings: {
    notJson: 'The settings file is damaged (not valid JSON), so the defaults are used. Saving settings again replaces it.',
    partlyDamaged: 'The settings file had unexpected content; what could be read was kept and the rest uses the defaults.',
    droppedEndpoint: 'Model endpoint {{n}} in the settings file was damaged and was left out: add it again in Settings.',
    resetLimit: 'The limit "{{name}}" in the settings file was not valid and is back to its default.',
    invalid: 'These settings were not saved: {{where}}{{why}}.',
    secretsDamaged: 'The saved API keys could not be read (the file is damaged); enter the keys again in Settings.',
    encryptionUnavailable:
      'API keys cannot be saved because this system offers no encrypted storage (on Linux, a keyring such as GNOME Keyring or KWallet). Set the ATMARK_API_KEY environment variable instead.',
    plainTextKeyring:
      'API keys are not saved on this computer: no system keyring (such as GNOME Keyring or KWallet) is running, and without one they would be stored with a key anyone can read. A key entered here lasts until Atmark quits; to keep keys, install or unlock a keyring and restart Atmark, or set the ATMARK_API_KEY environment variable.',
    decryptFailed: 'The saved API key for "{{id}}" could not be decrypted (the system keyring changed?); enter it again in Settings.',
    badSecretId: '"{{id}}" is not a valid key name: use lowercase letters, digits and dashes.',
    emptyKey: 'The API key is empty: paste the key, or remove it.',
    noEndpoint:
      'No model is set up, so nothing can be sent: add an endpoint in Settings. Compose, preview, copy and export work without one.',
    noApiKeyPersistent: '{{name}} needs an API key: add it in Settings.',
    noApiKeyEnv: '{{name}} needs an API key: set the ATMARK_API_KEY environment variable, or enter the key in Settings for this run.',
  },
  host: {
    folders: {
      notFound: 'The folder "{{path}}" was not found; check the path and try again.',
      notAFolder: '"{{path}}" is a file, not a folder; choose the folder that contains it.',
      outsideHome: '"{{path}}" is outside your home folder; type its full path to browse it.',
      unreadable: 'The folder {{path}} cannot be read ({{detail}}); choose another folder.',
    },
  },
  menu: {
    file: 'File',
    openFolder: 'Open Folder…',
    recent: 'Recent Workspaces',
    noRecent: 'No recent workspaces',
    export: 'Export…',
    settings: 'Settings…',
    edit: 'Edit',
    view: 'View',
    window: 'Window',
    help: 'Help',
    docs: 'Atmark Guide',
    about: 'About {{name}}',
    openFailed: 'Atmark could not open "{{path}}": {{reason}}',
    undo: 'Undo',
    redo: 'Redo',
    cut: 'Cut',
    copy: 'Copy',
    paste: 'Paste',
    selectAll: 'Select All',
    reload: 'Reload',
    forceReload: 'Force Reload',
    toggleDevTools: 'Toggle Developer Tools',
    resetZoom: 'Actual Size',
    zoomIn: 'Zoom In',
    zoomOut: 'Zoom Out',
    fullScreen: 'Toggle Full Screen',
    minimize: 'Minimize',
    zoom: 'Zoom',
    front: 'Bring All to Front',
    close: 'Close Window',
    quit: 'Quit {{name}}',
    hide: 'Hide {{name}}',
    hideOthers: 'Hide Others',
    unhide: 'Show All',
    services: 'Services',
    showLogs: 'Show Logs',
  },
  dialog: {
    openFolder: 'Open a workspace folder',
    export: 'Export the prompt as Markdown',
    markdown: 'Markdown document',
  },
  about: {
    credits: 'A prompt composer with @-references, made by the Atmark contributors.',
  },
  recovery: {
    crashed: "Atmark's window stopped unexpectedly and was reloaded. Your draft was kept.",
    outOfMemory: "Atmark's window ran out of memory and was reloaded. Your draft was kept. Attach fewer or smaller references if it happens again.",
    unresponsive: "Atmark's window stopped responding and was reloaded. Your draft was kept.",
    gaveUpTitle: "Atmark's window keeps stopping",
    gaveUp: "Atmark's window stopped several times in a row, so it was not reloaded again. Your draft is kept: quit Atmark and start it again. Help > Show Logs shows what happened.",
  },
  cli: {
    badPromptLanguage: '--prompt-language takes en, ja or ko, not "{{text}}"',
    badAllowHost: '--allow-host takes HOST or HOST:PORT (like intranet.local or 127.0.0.1:8080), not "{{text}}"',
    serveArgument: 'unexpected argument "{{arg}}": use "atmark serve [--workspace DIR] [--port N] [--open]"',
    serving: 'Atmark is running at:\n{{url}}\nOpen it in your browser; press Ctrl+C to stop.',
    usage:
      'Usage:\n  atmark expand [--workspace DIR] [--context-length TOKENS] [--grant FILE]... [--allow-host HOST[:PORT]]... [--session DIR] [--prompt-language en|ja|ko] [--json] MESSAGE\n      Prints MESSAGE with its @-references expanded (MESSAGE "-" reads standard input).\n  atmark serve [--workspace DIR] [--port N] [--open]\n      Serves the Atmark composer to your browser on 127.0.0.1.',
    missingMessage: 'no message given: pass the message as the last argument, or "-" to read it from standard input',
    tooManyMessages: 'expected one message but got {{n}} arguments: put the message in quotes',
    badContextLength: '--context-length takes a whole number of tokens above 0, not "{{text}}"',
    unknownCommand: 'unknown command "{{name}}": use "atmark expand" or "atmark serve"',
    noCommand: 'no command given: use "atmark expand MESSAGE" or "atmark serve"',
    blocked:
      'atmark: nothing was attached because the attached context would pass the hard token limit (see the warning); the message above is as written.',
    stopping: 'Stopping Atmark (the draft is saved)…',
    stopSlow: 'Atmark did not finish stopping within a second; it stops now (the draft was saved first).',
    internal: 'atmark: something went wrong inside Atmark: {{detail}}',
  },
  ui: enUi,
  compose: enCompose,
};

/** The shape every language's catalogue has: the English keys, any words. */
export type Catalogue = Shape<typeof en>;
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
