/**
 * What each YAML parse error code means, in our words. The parser's own
 * messages are not shown: some quote the document ("Block scalar header
 * includes extra characters: |...", "Invalid escape sequence \u1234"), and a
 * config file holds secrets.
 */
export const YAML_PROBLEMS: Readonly<Record<string, string>> = {
  ALIAS_PROPS: 'an alias cannot have an anchor or a tag',
  BAD_ALIAS: 'an alias names no anchor defined before it',
  BAD_COLLECTION_TYPE: 'a tag does not fit the collection it is on',
  BAD_DIRECTIVE: 'invalid % directive',
  BAD_DQ_ESCAPE: 'invalid escape sequence in a double-quoted string',
  BAD_INDENT: 'bad indentation',
  BAD_PROP_ORDER: 'anchors and tags must come after the - ? or : indicator',
  BAD_SCALAR_START: 'a plain value cannot start with this character: quote the value',
  BLOCK_AS_IMPLICIT_KEY: 'a block value cannot be a key',
  BLOCK_IN_FLOW: 'a block collection cannot be inside [ ] or { }',
  DUPLICATE_KEY: 'a key is repeated in the same mapping',
  MISSING_CHAR: 'a closing bracket, quote, comma or colon is missing',
  MULTILINE_IMPLICIT_KEY: 'a key without ? cannot span lines (is a colon or quote missing?)',
  MULTIPLE_ANCHORS: 'a node has more than one anchor',
  MULTIPLE_DOCS: 'the file holds more than one YAML document',
  MULTIPLE_TAGS: 'a node has more than one tag',
  NON_STRING_KEY: 'a key is not a string',
  RESOURCE_EXHAUSTION: 'too many alias expansions',
  TAB_AS_INDENT: 'a tab is used for indentation: use spaces',
  TAG_RESOLVE_FAILED: 'unknown tag',
  UNEXPECTED_TOKEN: 'unexpected character (is a value missing its quotes?)',
};

/** What resolving the document's aliases failed on (never the alias, which may be any text). */
export const YAML_RESOLVE_PROBLEM =
  'an alias names no anchor defined before it, or aliases expand to too many nodes';
