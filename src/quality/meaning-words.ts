/**
 * The word lists behind meaning matching (meaning.ts): words that carry no fact, number words, and groups of
 * words a handoff uses for one another. Chosen on the yardstick's tuning cuts and general usage, never on its
 * held-out cuts or the shipped fixtures' probes (docs/calibration.md).
 */

/** Function words: they carry no fact of their own. Negations are not here: they are a term (`not`). */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the to of and or in on at for from by with as is are was were be been being am it its this that these ' +
    'those there here which who whom whose what when where why how into onto than then so such do does did doing ' +
    'has have had having will would shall should can could may might must i we you he she they them their him ' +
    'our your his her me us my mine also very up out over about again further once both each own same too s ca wo ' +
    'if whether but because while via per vs versus e g eg ie etc its one ones some any every all its itself themselves ' +
    // what is left of a contraction once its apostrophe splits it ("i'm", "we've", "you'll", "it'd")
    'm re ve ll d between ' +
    // how a request is put, not what it asks: "i'm especially interested in code sharing" asks for code sharing
    'especially particularly interested actually really please basically probably maybe perhaps iiuc btw ' +
    'guess kinda simply definitely certainly honestly literally okay alright hey hmm though ' +
    // "let's edit the action" (or "lets …") asks to edit it: the word puts the request, as "please" does
    'let lets ' +
    // words that point at the matter without naming it ("the new stuff")
    'stuff thing things whatever'
  ).split(' '),
);

/** Number words up to a hundred, and the digits they mean. */
export const NUMBER_WORDS: ReadonlyMap<string, string> = new Map(
  [
    'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen ' +
      'seventeen eighteen nineteen twenty',
  ]
    .flatMap((words) => words.split(' ').map((word, index): [string, string] => [word, String(index)]))
    .concat([
      ['thirty', '30'],
      ['forty', '40'],
      ['fifty', '50'],
      ['sixty', '60'],
      ['seventy', '70'],
      ['eighty', '80'],
      ['ninety', '90'],
      ['hundred', '100'],
      ['once', '1'],
      ['twice', '2'],
    ]),
);

/**
 * Word sequences read as one term, matched on lowercase words before stemming: abbreviations and negations.
 * The first word list wins where two start alike, so longer ones come first.
 */
export const PHRASES: ReadonlyArray<[words: readonly string[], term: string]> = [
  [['end', 'to', 'end'], 'e2e'],
  // "test-driven" is what TDD abbreviates ("Test-driven: integration tests first" works the TDD way).
  [['test', 'driven'], 'tdd'],
  [['no', 'longer'], 'not'],
  // A contrast, not a denial: "returns a Result instead of raising" does not deny the raising happened before.
  [['rather', 'than'], 'instead'],
  [['instead', 'of'], 'instead'],
  [['make', 'sure'], 'ensur'],
  [['pull', 'request'], 'pr'],
  [['half', 'done'], 'progress'],
  [['in', 'full'], 'entir'],
  // "bring the branch up to date" is updating it.
  [['up', 'to', 'date'], 'updat'],
  [['under', 'way'], 'progress'],
  // Turning an offer down is declining it (the `reject` group of SYNONYMS).
  ...['turn', 'turns', 'turned', 'turning'].map((verb): [string[], string] => [[verb, 'down'], 'reject']),
  // "must go on working as before" keeps it working: not "go" (gone), the opposite of keeping.
  [['go', 'on'], 'keep'],
  // To look into a thing is to investigate it ("filed ENT-140 to look into hooks interfering with claude -p").
  ...['look', 'looks', 'looked', 'looking', 'dig', 'digs', 'dug', 'digging'].map(
    (verb): [string[], string] => [[verb, 'into'], 'investig'],
  ),
];

/**
 * Groups of words a summary may use for one another; every word of a group reads as its first word's stem. Each
 * word is given as a stem or in the forms the stemmer leaves apart.
 */
export const SYNONYMS: ReadonlyArray<readonly string[]> = [
  ['not', 'no', 'never', 'without', 'nor', 'cannot', 'neither', 'none'],
  ['only', 'just', 'sole', 'solely', 'exclusively'],
  // To migrate an app to another library is to move it there ("move the app off supabase-js onto Prisma"), and its
  // migration is the move: read apart, "keep supabase-js during the migration" opposed the move by its "keep".
  ['move', 'reloc', 'relocat', 'relocate', 'relocation', 'migrat', 'migrate', 'migration'],
  ['delet', 'delete', 'remov', 'remove', 'rm', 'eras'],
  ['creat', 'create', 'add', 'introduc', 'introduce', 'rewrit', 'rewrite', 'implement'],
  ['fix', 'repair', 'resolv', 'resolve', 'correct', 'solv', 'solve'],
  ['want', 'prefer', 'wish', 'like', 'ask', 'request'],
  ['keep', 'retain', 'preserv', 'preserve', 'leav', 'leave', 'stay', 'remain'],
  ['replac', 'replace', 'swap', 'substitut', 'substitute', 'supersed'],
  ['finish', 'done', 'complet', 'complete'],
  ['progress', 'underway', 'ongo', 'ongoing', 'wip'],
  ['entir', 'entire', 'entirely', 'whole', 'completely', 'fully'],
  ['fail', 'failur', 'broken', 'break', 'broke'],
  ['pass', 'green', 'succeed', 'success', 'ok'],
  ['run', 'ran', 'execut', 'execute', 'invok'],
  ['use', 'employ'],
  // Which option was taken: "the selected date range" is the chosen one, "the user picked option 1" chose it.
  ['choos', 'choose', 'select', 'pick'],
  // A reviewer's remarks: "new feedback in REVIEW.md" is "a fresh review landed in REVIEW.md".
  ['feedback', 'review'],
  ['config', 'configur', 'configuration', 'cfg', 'conf'],
  ['repo', 'repositori', 'repository'],
  ['dir', 'directori', 'directory', 'folder'],
  ['function', 'func', 'fn', 'method'],
  ['librari', 'library', 'lib', 'libs', 'libraries'],
  ['coverag', 'coverage', 'cov'],
  ['paramet', 'param', 'parameter', 'arg', 'argument'],
  ['depend', 'dep', 'deps', 'dependency', 'dependencies'],
  ['doc', 'docs', 'document', 'documentation'],
  ['messag', 'msg', 'message'],
  // A chat with an agent is a conversation with it: "a complete history of our chats" is every conversation had.
  ['convers', 'conversation', 'chat'],
  ['implement', 'impl', 'implementation'],
  ['test', 'spec'],
  ['next', 'afterward', 'afterwards'],
  ['duplic', 'duplicate', 'duplication', 'dup', 'copi', 'copy'],
  ['error', 'err', 'except', 'exception'],
  ['ident', 'identifi', 'id'],
  ['typescript', 'ts'],
  ['javascript', 'js'],
  // Shorthands a terse handoff writes for common words of code work.
  ['packag', 'package', 'pkg'],
  ['control', 'controller', 'ctrl'],
  ['default', 'dflt'],
  ['header', 'hdr'],
  ['environ', 'environment', 'env'],
  ['interfac', 'interface', 'iface'],
  ['regener', 'regenerate', 'regen'],
  ['templat', 'template', 'tmpl'],
  ['respons', 'response', 'resp'],
  // A large language model is the AI of code work: "summaries written by an LLM" are AI summaries.
  ['ai', 'llm', 'llms'],
  ['authent', 'authentication', 'authenticate', 'auth', 'login'],
  ['github', 'gh'],
  ['variabl', 'variable', 'var'],
  ['databas', 'database', 'db'],
  ['previous', 'previously', 'prev'],
  ['inform', 'information', 'info'],
  ['applic', 'application', 'app'],
  ['refer', 'reference', 'ref'],
  ['descript', 'description', 'desc'],
  ['util', 'utility', 'utilities', 'utils'],
  ['product', 'production', 'prod'],
  ['develop', 'development', 'dev'],
  ['temporari', 'temporary', 'temp', 'tmp'],
  ['command', 'cmd'],
  ['context', 'ctx'],
  ['maximum', 'max'],
  ['synchron', 'synchronize', 'synchronise', 'sync'],
  ['statist', 'statistic', 'statistics', 'stats'],
  ['index', 'idx'],
  ['checkpoint', 'ckpt', 'ckpts'],
  ['coordin', 'coord', 'coords'],
  ['tabl', 'table', 'tbl'],
  ['assist', 'assistant', 'asst'],
  ['object', 'obj', 'objs'],
  // "opt. AI-usage overlay", "SERVICE_ROLE_KEY (opt)": an option, optional (the stemmer reads both as one).
  ['option', 'opt'],
  // Units of time as reports and terse notes write them ("this Q vs last Q", "3 wk").
  ['quarter', 'q'],
  ['week', 'wk', 'wks'],
  ['year', 'yr', 'yrs'],
  // Shorthands of developer notes, as a terse handoff writes them ("wt idx", "merge … into our br", "settings mgr",
  // "fmt", "walked thru", "no default feats", "Python srcs", "creds"): each reads one way in code work. Left out as
  // ambiguous: `ln` (the command), `est` (the time zone), `init` (the command), `comp`, `perm`, `pwd`.
  ['worktre', 'worktree', 'worktrees', 'wt', 'wts'],
  ['branch', 'branches', 'br'],
  ['session', 'sessions', 'sess'],
  ['manag', 'manager', 'managers', 'mgr'],
  ['format', 'formatted', 'formatting', 'fmt'],
  ['through', 'thru'],
  ['featur', 'feature', 'features', 'feat', 'feats'],
  ['sourc', 'source', 'sources', 'src', 'srcs'],
  ['credenti', 'credential', 'credentials', 'cred', 'creds'],
  ['attribut', 'attribute', 'attributes', 'attr', 'attrs'],
  ['charact', 'character', 'characters', 'char', 'chars'],
  ['approxim', 'approximately', 'approximate', 'approx'],
  ['investig', 'investigate', 'investigation', 'examin', 'examine'],
  // What was added since ("new beads were added" is "more beads were added", "a fresh review").
  ['new', 'more', 'addit', 'additional', 'extra', 'fresh'],
  // A handoff's "a complicated job in several phases" for the user's "a complex migration".
  ['complex', 'complic', 'complicated'],
  // An offer or an edit the user said no to: "declined the offer", "rejected the edit", "turned it down".
  ['reject', 'declin', 'decline', 'refus', 'refuse'],
  ['section', 'block'],
];

/**
 * Words said of any piece of work or any file ("contains the changes made for this task and the related files"): they
 * place a statement in the work, not say what it is, so they are no part of the content a statement must be stated by.
 */
export const GENERIC_WORDS: readonly string[] = (
  'change update edit modify make made work task job part file files related relevant code source project ' +
  'repository configuration hold holds contain contains'
).split(' ');

/** Words that say what kind of thing a name is: beside the name they add nothing ("the CommittedMetadata struct"). */
export const KIND_WORDS: readonly string[] =
  'struct class function method field type module interface enum constant variable'.split(' ');

/**
 * Words that say a word beside them names a unit of code (a Go package, a Rust crate, a module): such a unit is named
 * in prose by that word alone ("validators into checkpoint" for "validators to the checkpoint package").
 */
export const UNIT_WORDS: readonly string[] = 'package packages module modules crate crates namespace'.split(
  ' ',
);

/** Irregular forms the stemmer leaves apart from their verb. */
export const IRREGULAR_FORMS: ReadonlyArray<readonly [form: string, verb: string]> = [
  ['kept', 'keep'],
  ['went', 'go'],
  ['gone', 'go'],
  ['goes', 'go'],
  ['ran', 'run'],
  ['broke', 'break'],
  ['broken', 'break'],
  ['wrote', 'write'],
  ['written', 'write'],
  ['chose', 'choose'],
  ['chosen', 'choose'],
  ['left', 'leave'],
  ['made', 'make'],
  ['built', 'build'],
  ['found', 'find'],
  ['began', 'begin'],
  ['begun', 'begin'],
];

/**
 * Verbs that read as `keep` before a gerund only: "continue building the power monitor" is "keep building" it, while
 * "continue" alone (a user's go-ahead, typed again and again) says nothing of what is kept.
 */
export const KEEP_BEFORE_GERUND: readonly string[] = ['continue', 'continues', 'continued', 'continuing'];

/**
 * Pairs of words that state opposite things of one subject: a summary that says the other word where the fact
 * says one ("the check still fails" for "the check passes") contradicts it. Given as words; read as their terms.
 */
export const ANTONYMS: ReadonlyArray<readonly [string, string]> = [
  ['pass', 'fail'],
  ['keep', 'remove'],
  ['keep', 'go'],
  ['keep', 'move'],
  ['enable', 'disable'],
  ['include', 'exclude'],
  ['allow', 'forbid'],
  ['add', 'remove'],
  ['above', 'below'],
  ['commit', 'uncommit'],
  ['true', 'false'],
  ['sync', 'async'],
  ['only', 'optional'],
  ['deep', 'shallow'],
  ['optional', 'require'],
  ['public', 'private'],
  ['success', 'error'],
];

/**
 * Irregular participles a negation right before them denies, with the `-ed` ones, where a preposition follows ("changes
 * not staged for commit", "not run on CI"): the negation stops at the preposition (meaning.ts, clause-negation.ts).
 */
export const IRREGULAR_PARTICIPLES: readonly string[] =
  'done made built written run set kept left found sent taken given shown seen known'.split(' ');

/** Prepositions after a denied participle that end the negation's reach (not "to": "not allowed to push"). */
export const PARTICIPLE_PREPOSITIONS: readonly string[] =
  'for by in on at from against into onto with within under during via through over across'.split(' ');
